import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderPage } from "../../../test/helpers/render.tsx";
import { sessionKeys } from "../../queries/session.ts";
import { modal, ModalStack } from "../modal/index.ts";
import { InvitationsSettings } from "./invitations-settings.tsx";
import { fakeServer, sessionPayload } from "./test-server.ts";

afterEach(() => {
  modal.dismissAll();
  vi.unstubAllGlobals();
});

const rows = [
  { code: "USEDCODE01", createdAt: "2026-01-02T10:00:00.000Z", usedAt: "2026-01-03T10:00:00.000Z", toUserId: "u2", users: { id: "u2", name: "Grace", image: null } },
  { code: "FRESHCODE2", createdAt: "2026-01-04T10:00:00.000Z", usedAt: null, toUserId: null, users: null },
];

function render(session = sessionPayload()) {
  const view = renderPage(
    <>
      <InvitationsSettings />
      <ModalStack />
    </>,
  );
  view.queryClient.setQueryData(sessionKeys.all, session);
  return view;
}

describe("InvitationsSettings", () => {
  it("lists codes with who used them and how many more may be made", async () => {
    fakeServer({
      "GET /api/invitations": () => Response.json({ code: 0, data: rows }),
      "GET /api/invitations/limitation": () => Response.json({ code: 0, data: 2 }),
    });
    render();
    const items = await screen.findAllByTestId("invitation-row");
    expect(within(items[0]!).getByText("Grace")).toBeTruthy();
    expect(within(items[1]!).getByText("Not used yet")).toBeTruthy();
    expect((await screen.findByTestId("invitation-limit")).textContent).toBe("You can create 2 more codes.");
    expect(screen.queryByText("Require an invitation to sign up")).toBeNull();
  });

  it("disables New code when the limit is reached, and for trial accounts", async () => {
    fakeServer({
      "GET /api/invitations": () => Response.json({ code: 0, data: [] }),
      "GET /api/invitations/limitation": () => Response.json({ code: 0, data: 0 }),
    });
    render();
    await waitFor(() => expect(screen.getByTestId("invitation-limit").textContent).toBe("You can create 0 more codes."));
    expect((screen.getByRole("button", { name: "New code" }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("asks for the TOTP code on 4008 and retries with it", async () => {
    let created = false;
    const seen = fakeServer({
      "GET /api/invitations": () => Response.json({ code: 0, data: created ? [rows[1]] : [] }),
      "GET /api/invitations/limitation": () => Response.json({ code: 0, data: 1 }),
      "POST /api/invitations/new": (request) => {
        const code = (request.body as { TOTPCode?: string }).TOTPCode;
        if (!code) return Response.json({ code: 4008, message: "Two factor code required" }, { status: 400 });
        if (code !== "654321") return Response.json({ code: 4007, message: "Invalid two factor code" }, { status: 400 });
        created = true;
        return Response.json({ code: 0, data: "FRESHCODE2" });
      },
    });
    render(sessionPayload({ twoFactorEnabled: true }));
    await userEvent.click(await screen.findByRole("button", { name: "New code" }));
    const field = await screen.findByLabelText("Authentication code");
    await userEvent.type(field, "111111");
    await userEvent.click(screen.getByRole("button", { name: "Verify" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Invalid TOTP code.");
    await userEvent.clear(field);
    await userEvent.type(field, "654321");
    await userEvent.click(screen.getByRole("button", { name: "Verify" }));
    expect(await screen.findByTestId("invitation-row")).toBeTruthy();
    expect(seen.filter((r) => r.path === "/api/invitations/new").map((r) => r.body)).toEqual([{}, { TOTPCode: "111111" }, { TOTPCode: "654321" }]);
  });

  it("gives admins the switch for the invitation gate", async () => {
    const seen = fakeServer({
      "GET /api/invitations": () => Response.json({ code: 0, data: [] }),
      "GET /api/invitations/limitation": () => Response.json({ code: 0, data: 1 }),
      "GET /api/admin/instance": () => Response.json({ code: 0, data: { invitationsRequired: false } }),
      "PATCH /api/admin/instance": (request) => Response.json({ code: 0, data: request.body }),
    });
    render(sessionPayload({ isAdmin: true }));
    const toggle = await screen.findByRole("switch");
    await waitFor(() => expect((toggle as HTMLInputElement).disabled).toBe(false));
    await userEvent.click(toggle);
    await waitFor(() => expect((toggle as HTMLInputElement).checked).toBe(true));
    expect(seen.find((r) => r.method === "PATCH")?.body).toEqual({ invitationsRequired: true });
  });
});
