import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderRoutes } from "../../../test/helpers/render.tsx";
import { fakeServer } from "../follow/test-server.ts";
import { ModalStack } from "../modal/index.ts";
import { SettingsLayout } from "./settings-layout.tsx";

afterEach(() => vi.unstubAllGlobals());

describe("SettingsLayout", () => {
  it("lists every tab of spec §2 and signs out only after a confirmation", async () => {
    // An instance without POWER: its tab stays hidden (entry-points.test.tsx in power shows it on).
    fakeServer({ "GET /api/status/configs": () => Response.json({ code: 0, data: { POWER: false } }) });
    renderRoutes(
      [
        {
          path: "/settings",
          element: (
            <>
              <SettingsLayout />
              <ModalStack />
            </>
          ),
          children: [{ path: ":tab", element: <p>tab</p> }],
        },
      ],
      "/settings/general",
    );
    const nav = screen.getByRole("navigation", { name: "Settings" });
    const tabs = within(nav)
      .getAllByRole("link")
      .map((link) => link.textContent);
    expect(tabs).toEqual(["General", "Appearance", "Feeds", "Lists", "Inboxes", "Notifications", "Actions", "Integration", "RSSHub", "AI", "Invitations", "Profile", "Shortcuts", "Privacy", "Data control", "About"]);

    await userEvent.click(within(nav).getByRole("button", { name: "Sign out" }));
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getAllByText("Sign out?").length).toBeGreaterThan(0);
    await userEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(window.location.pathname).not.toBe("/login");
  });
});
