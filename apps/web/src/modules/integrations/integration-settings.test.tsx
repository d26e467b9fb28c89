import { act, fireEvent, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { renderPage } from "../../../test/helpers/render.tsx";
import { sessionQuery } from "../../queries/session.ts";
import { statusConfigsQuery } from "../../queries/status.ts";
import { GENERAL_DEFAULTS, UI_DEFAULTS } from "../../store/settings-defaults.ts";
import { settingsActions, useSettings } from "../../store/settings.store.ts";
import { startSettingsSync } from "../settings/boot.ts";
import { IntegrationSettings } from "./integration-settings.tsx";
import { useIntegrationSettings } from "./integration.store.ts";

beforeEach(() => {
  localStorage.clear();
  settingsActions.replace("general", structuredClone(GENERAL_DEFAULTS), 0);
  settingsActions.replace("ui", structuredClone(UI_DEFAULTS), 0);
});

describe("Integration settings", () => {
  afterEach(() => useIntegrationSettings.setState({ enableReadwise: false, readwiseToken: "", enableReadeck: false }));

  it("shows a self-hosted service's LAN switch only to readers the private-network policy lets use one", async () => {
    useIntegrationSettings.setState({ enableReadeck: true });
    const { queryClient } = renderPage(<IntegrationSettings />);
    const lanSwitch = () => screen.queryByRole("switch", { name: "Allow a private network (LAN) address" });
    // Query updates reach components on the next tick.
    const show = (policy: "none" | "admins" | "everyone", isAdmin: boolean) =>
      act(async () => {
        queryClient.setQueryData(statusConfigsQuery.queryKey, { PRIVATE_NETWORKS_FOR: policy } as never);
        queryClient.setQueryData(sessionQuery.queryKey, { user: { id: "1", isAdmin }, role: "user" } as never);
        await new Promise((resolve) => setTimeout(resolve, 10));
      });
    await show("admins", false);
    expect(screen.getByLabelText("Server address")).toBeTruthy();
    expect(lanSwitch()).toBeNull();
    await show("admins", true);
    expect(lanSwitch()).not.toBeNull();
    await show("none", true);
    expect(lanSwitch()).toBeNull();
    await show("everyone", false);
    expect(lanSwitch()).not.toBeNull();
  });

  it("keeps tokens in password fields, on this device only, never queued for sync", async () => {
    const stop = startSettingsSync({ remote: { fetchAll: () => new Promise(() => {}), patch: () => new Promise(() => {}) } });
    try {
      renderPage(<IntegrationSettings />);
      await userEvent.click(screen.getByRole("switch", { name: "Enable Readwise" }));
      const token = screen.getByLabelText("Access token");
      expect(token.getAttribute("type")).toBe("password");
      fireEvent.change(token, { target: { value: "secret-token" } });
      expect(JSON.parse(localStorage.getItem("tidings:settings:integration")!)).toMatchObject({ enableReadwise: true, readwiseToken: "secret-token" });
      expect(localStorage.getItem("tidings:settings:queue")).toBeNull();
      expect(JSON.stringify(useSettings.getState())).not.toContain("secret-token");
    } finally {
      stop();
    }
  });
});
