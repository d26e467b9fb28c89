import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderRoutes } from "../../../test/helpers/render.tsx";
import { fakeServer } from "../../modules/follow/test-server.ts";
import { ModalStack } from "../../modules/modal/index.ts";
import { SettingsIndexPage, SettingsLayoutPage, SettingsTabPage } from "./settings-pages.tsx";

afterEach(() => vi.unstubAllGlobals());

describe("Settings layout", () => {
  it("lists every tab of spec §2 and signs out only after a confirmation", async () => {
    // An instance without POWER: its tab stays hidden (modules/power/entry-points.test.tsx shows it on).
    fakeServer({ "GET /api/status/configs": () => Response.json({ code: 0, data: { POWER: false } }) });
    renderRoutes(
      [
        {
          path: "/settings",
          element: (
            <>
              <SettingsLayoutPage />
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
    expect(tabs).toEqual(["General", "Appearance", "Feeds", "Lists", "Inboxes", "Notifications", "Actions", "Integration", "Apps", "RSSHub", "AI", "Invitations", "Profile", "Shortcuts", "Privacy", "Data control", "About"]);

    await userEvent.click(within(nav).getByRole("button", { name: "Sign out" }));
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getAllByText("Sign out?").length).toBeGreaterThan(0);
    await userEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(window.location.pathname).not.toBe("/login");
  });
});

describe("Settings routes", () => {
  const open = (path: string) => {
    fakeServer({ "GET /api/status/configs": () => Response.json({ code: 0, data: { POWER: false } }) });
    return renderRoutes(
      [
        {
          path: "/settings",
          element: <SettingsLayoutPage />,
          children: [
            { index: true, element: <SettingsIndexPage /> },
            { path: ":tab", element: <SettingsTabPage /> },
          ],
        },
      ],
      path,
    );
  };

  it("shows the tab of the address, and sends /settings and an unknown tab to the first tab", async () => {
    open("/settings/about");
    expect(screen.getByRole("heading", { name: "About", level: 2 })).toBeTruthy();
    cleanup();

    for (const path of ["/settings", "/settings/nothing-here"]) {
      const { router } = open(path);
      await waitFor(() => expect(router.state.location.pathname).toBe("/settings/general"));
      expect(screen.getByRole("heading", { name: "General", level: 2 })).toBeTruthy();
      cleanup();
    }
  });
});
