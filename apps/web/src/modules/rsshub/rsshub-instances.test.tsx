import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import app from "@tidings/i18n/locales/en/app.json";
import errors from "@tidings/i18n/locales/en/errors.json";
import i18next from "i18next";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderPage } from "../../../test/helpers/render.tsx";
import { fakeServer } from "../follow/test-server.ts";
import { modal, ModalStack } from "../modal/index.ts";
import { RsshubInstances } from "./rsshub-instances.tsx";
import { RsshubSettings } from "./rsshub-settings.tsx";
import { ok, refuse, rsshubInstance, rsshubStatus } from "./test-fixtures.ts";

// Dialog titles come from the app's i18next instance, as in the app.
await i18next.init({ lng: "en", resources: { en: { app, errors } }, interpolation: { escapeValue: false } });

const MINE = rsshubInstance({ id: "1800000000000000201", description: "My RSSHub", isOwner: true, baseUrl: "https://rss.mine.example", accessKey: null, userLimit: 1, userCount: 1, ownerUserId: "1800000000000000999", owner: { id: "1800000000000000999", name: "Me", handle: "me", image: null } });
const FREE = rsshubInstance({ id: "1800000000000000202", description: "Open hub", userLimit: 10, userCount: 3 });
const PAID = rsshubInstance({ id: "1800000000000000203", description: "Fast hub", price: 5, userLimit: null, userCount: 2, status: "unavailable", errorMessage: "HTTP 502 from rsshub" });

function render(list = [MINE, FREE, PAID], status = rsshubStatus(), routes: Parameters<typeof fakeServer>[0] = {}) {
  const seen = fakeServer({ "GET /api/rsshub/list": ok(list), "GET /api/rsshub/status": ok(status), "POST /api/rsshub/use": ok(status), ...routes });
  renderPage(
    <>
      <RsshubInstances />
      <ModalStack />
    </>,
  );
  return seen;
}

const row = async (name: string) => (await within(await screen.findByRole("table", { name: "Instances" })).findByText(name)).closest("tr")!;
const buttonsOf = (element: HTMLElement) => within(element).getAllByRole("button").map((button) => button.textContent);

afterEach(() => {
  modal.dismissAll();
  vi.unstubAllGlobals();
});

describe("RsshubInstances", () => {
  it("lists the instances with owner, price, users and health, and owner actions only on the reader's own", async () => {
    render();
    const mine = await row("My RSSHub");
    expect(buttonsOf(mine)).toEqual(["Use", "Edit", "Check now", "Delete"]);
    expect(within(mine).getByText("https://rss.mine.example")).toBeTruthy();
    expect(within(mine).getByText("You")).toBeTruthy();
    expect(within(mine).getByTestId("rsshub-price").textContent).toBe("Free");
    expect(within(mine).getByTestId("rsshub-users").textContent).toBe("Private");

    const open = await row("Open hub");
    expect(buttonsOf(open)).toEqual(["Use"]);
    expect(within(open).getByText("Ada")).toBeTruthy();
    expect(within(open).getByText("@ada")).toBeTruthy();
    expect(within(open).getByTestId("rsshub-users").textContent).toBe("3 / 10");
    expect(within(open).getByText("Available")).toBeTruthy();

    const paid = await row("Fast hub");
    expect(within(paid).getByTestId("rsshub-price").textContent).toBe("5 POWER / month");
    expect(within(paid).getByTestId("rsshub-users").textContent).toBe("2 / ∞");
    expect(within(paid).getByText("Unavailable")).toBeTruthy();
    expect(within(paid).getByText("HTTP 502 from rsshub")).toBeTruthy();
  });

  it("is the Settings → RSSHub tab too", async () => {
    fakeServer({ "GET /api/rsshub/list": ok([FREE]), "GET /api/rsshub/status": ok(rsshubStatus()) });
    renderPage(<RsshubSettings />);
    expect(screen.getByRole("heading", { name: "RSSHub", level: 2 })).toBeTruthy();
    expect(await row("Open hub")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Add instance" })).toBeTruthy();
  });

  it("shows the server's default in the status card while the reader chose none", async () => {
    render();
    const card = await screen.findByTestId("rsshub-status");
    expect(within(card).getByRole("heading", { name: "Instance in use" })).toBeTruthy();
    await within(card).findByText("The server's default instance");
    expect(within(card).getByText("https://rsshub.default.example")).toBeTruthy();
    expect(within(card).getByText("Available")).toBeTruthy();
    expect(within(card).queryByRole("button", { name: "Stop using" })).toBeNull();
  });

  it("uses a free instance, and stops using it from its row and from the status card", async () => {
    const chosen = { ...FREE, inUse: true, status: "invalid" as const, errorMessage: "Not an RSSHub instance" };
    const seen = render([MINE, chosen], rsshubStatus({ instance: chosen, usage: { id: "1", userId: "1800000000000000999", rsshubId: chosen.id, expiresAt: null } }));
    await userEvent.click(within(await row("My RSSHub")).getByRole("button", { name: "Use" }));
    await waitFor(() => expect(seen.filter((request) => request.path === "/api/rsshub/use").map((request) => request.body)).toEqual([{ id: MINE.id }]));

    const open = await row("Open hub");
    expect(within(open).getByText("In use")).toBeTruthy();
    await userEvent.click(within(open).getByRole("button", { name: "Stop using" }));
    const card = screen.getByTestId("rsshub-status");
    expect(within(card).getByTestId("rsshub-in-use").textContent).toBe("Open hub");
    expect(within(card).getByText("Invalid")).toBeTruthy();
    expect(within(card).getAllByText("Not an RSSHub instance").length).toBeGreaterThan(0);
    expect(within(card).getByText(/fetched through the server's default instance/)).toBeTruthy();
    await userEvent.click(within(card).getByRole("button", { name: "Stop using" }));
    await waitFor(() => expect(seen.filter((request) => request.path === "/api/rsshub/use").map((request) => request.body)).toEqual([{ id: MINE.id }, { id: null }, { id: null }]));
  });

  it("asks for months before using a paid instance, shows the total, and the server's refusal", async () => {
    const seen = render(undefined, undefined, {
      "POST /api/rsshub/use": refuse(404, 13005, "RSSHub purchase not found", "This server does not sell POWER, so paid instances cannot be bought"),
    });
    await userEvent.click(within(await row("Fast hub")).getByRole("button", { name: "Use" }));
    const dialog = await screen.findByRole("dialog", { name: "Use a paid instance" });
    await userEvent.selectOptions(within(dialog).getByLabelText("Months"), "3");
    expect(within(dialog).getByTestId("rsshub-purchase-total").textContent).toBe("5 POWER × 3 = 15 POWER");
    await userEvent.click(within(dialog).getByRole("button", { name: "Use" }));
    const alert = await within(dialog).findByRole("alert");
    expect(alert.textContent).toContain("Paid instances cannot be used yet");
    expect(alert.textContent).toContain("This server does not sell POWER, so paid instances cannot be bought");
    expect(seen.find((request) => request.path === "/api/rsshub/use")?.body).toEqual({ id: PAID.id, durationInMonths: 3 });
  });

  it("deletes the reader's own instance after a confirmation", async () => {
    const seen = render([MINE], undefined, { "DELETE /api/rsshub": ok(null) });
    await userEvent.click(within(await row("My RSSHub")).getByRole("button", { name: "Delete" }));
    const confirm = await screen.findByRole("alertdialog", { name: "Delete My RSSHub?" });
    await userEvent.click(within(confirm).getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(seen.find((request) => request.method === "DELETE")?.body).toEqual({ id: MINE.id }));
  });
});
