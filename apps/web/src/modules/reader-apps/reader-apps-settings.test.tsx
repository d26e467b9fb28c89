import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderPage } from "../../../test/helpers/render.tsx";
import { sessionKeys } from "../../queries/session.ts";
import { fakeServer, sessionPayload } from "../account/test-server.ts";
import { modal, ModalStack } from "../modal/index.ts";
import type { AppPassword } from "./app-passwords-api.ts";
import { ReaderAppsSettings } from "./reader-apps-settings.tsx";

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock("sonner", () => ({ toast }));

afterEach(() => {
  modal.dismissAll();
  vi.unstubAllGlobals();
  toast.success.mockClear();
  toast.error.mockClear();
});

const used: AppPassword = { id: "101", name: "Reeder on my phone", createdAt: "2026-01-02T10:00:00.000Z", lastUsedAt: "2026-01-05T08:30:00.000Z" };
const fresh: AppPassword = { id: "102", name: "newsboat", createdAt: "2026-01-04T10:00:00.000Z", lastUsedAt: null };

function render() {
  const view = renderPage(
    <>
      <ReaderAppsSettings />
      <ModalStack />
    </>,
  );
  view.queryClient.setQueryData(sessionKeys.all, sessionPayload({ email: "Ada@Example.com" }));
  return view;
}

describe("Settings → Apps", () => {
  it("says what to type in an app for each API, with the Fever e-mail in lower case", async () => {
    fakeServer({ "GET /api/app-passwords": () => Response.json({ code: 0, data: [] }) });
    render();
    const greader = screen.getByRole("region", { name: "Google Reader API" });
    expect(within(greader).getByText(`${window.location.origin}/api/greader`)).toBeTruthy();
    expect(await within(greader).findByText("Ada@Example.com")).toBeTruthy();
    const fever = screen.getByRole("region", { name: "Fever" });
    expect(within(fever).getByText(`${window.location.origin}/api/fever`)).toBeTruthy();
    expect(within(fever).getByText("ada@example.com")).toBeTruthy();
    const miniflux = screen.getByRole("region", { name: "Miniflux" });
    expect(within(miniflux).getByText(window.location.origin)).toBeTruthy();
    expect(within(miniflux).getByText("Ada@Example.com")).toBeTruthy();
    expect(within(miniflux).getByText(/Choose “Miniflux”/)).toBeTruthy();
    expect(await screen.findByText("No app passwords yet. Make one for each app you use.")).toBeTruthy();
  });

  it("lists passwords with when they were last used, or never", async () => {
    fakeServer({ "GET /api/app-passwords": () => Response.json({ code: 0, data: [used, fresh] }) });
    render();
    const rows = await screen.findAllByTestId("app-password-row");
    expect(rows.map((row) => within(row).getAllByRole("cell")[0]!.textContent)).toEqual(["Reeder on my phone", "newsboat"]);
    expect(within(rows[0]!).getByTestId("app-password-last-used").textContent).not.toBe("Never");
    expect(within(rows[1]!).getByTestId("app-password-last-used").textContent).toBe("Never");
  });

  it("says when the list cannot be loaded", async () => {
    fakeServer({ "GET /api/app-passwords": () => Response.json({ code: 1002, message: "Invalid parameter" }, { status: 400 }) });
    render();
    expect((await screen.findByRole("alert")).textContent).toBe("Invalid parameter");
  });

  it("shows a new password once, then lists it", async () => {
    let list: AppPassword[] = [];
    const seen = fakeServer({
      "GET /api/app-passwords": () => Response.json({ code: 0, data: list }),
      "POST /api/app-passwords": () => {
        list = [fresh];
        return Response.json({ code: 0, data: { ...fresh, password: "abcd-efgh-ijkl-mnop-qrst-uvwx" } });
      },
    });
    render();
    const create = screen.getByRole("button", { name: "Create password" }) as HTMLButtonElement;
    expect(create.disabled).toBe(true);
    await userEvent.type(screen.getByLabelText("Name"), "  newsboat ");
    await userEvent.click(create);
    expect((await screen.findByTestId("new-app-password")).textContent).toBe("abcd-efgh-ijkl-mnop-qrst-uvwx");
    expect(screen.getByText("Copy it into the app now: it will not be shown again.")).toBeTruthy();
    expect(await screen.findByTestId("app-password-row")).toBeTruthy();
    expect(seen.filter((request) => request.method === "POST").map((request) => request.body)).toEqual([{ name: "newsboat" }]);
    expect((screen.getByLabelText("Name") as HTMLInputElement).value).toBe("");
    await userEvent.click(screen.getByRole("button", { name: "Done" }));
    expect(screen.queryByTestId("new-app-password")).toBeNull();
  });

  it("says why a password could not be made (17000)", async () => {
    fakeServer({
      "GET /api/app-passwords": () => Response.json({ code: 0, data: [] }),
      "POST /api/app-passwords": () => Response.json({ code: 17000, message: "App password limit exceeded" }, { status: 400 }),
    });
    render();
    await userEvent.type(screen.getByLabelText("Name"), "one too many");
    await userEvent.click(screen.getByRole("button", { name: "Create password" }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith("App password limit exceeded", expect.anything()));
    expect(screen.queryByTestId("new-app-password")).toBeNull();
    expect((screen.getByLabelText("Name") as HTMLInputElement).value).toBe("one too many");
  });

  it("revokes a password only after a confirmation", async () => {
    let list = [used, fresh];
    const seen = fakeServer({
      "GET /api/app-passwords": () => Response.json({ code: 0, data: list }),
      "DELETE /api/app-passwords/101": () => {
        list = [fresh];
        return Response.json({ code: 0 });
      },
    });
    render();
    await userEvent.click(await screen.findByRole("button", { name: "Revoke Reeder on my phone" }));
    let dialog = await screen.findByRole("alertdialog");
    expect(within(dialog).getByText("Revoke “Reeder on my phone”?")).toBeTruthy();
    await userEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(seen.some((request) => request.method === "DELETE")).toBe(false);

    await userEvent.click(screen.getByRole("button", { name: "Revoke Reeder on my phone" }));
    dialog = await screen.findByRole("alertdialog");
    await userEvent.click(within(dialog).getByRole("button", { name: "Revoke" }));
    await waitFor(() => expect(screen.getAllByTestId("app-password-row")).toHaveLength(1));
    expect(toast.success).toHaveBeenCalledWith("“Reeder on my phone” revoked");
    expect(seen.filter((request) => request.method === "DELETE").map((request) => request.path)).toEqual(["/api/app-passwords/101"]);
  });
});
