import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { GENERAL_DEFAULTS } from "../../../store/settings-defaults.ts";
import { settingsActions, useSettings } from "../../../store/settings.store.ts";
import { serveSettings } from "./__fixtures__/settings-server.ts";
import { applySnapshot } from "./settings-pull.ts";
import { startSettingsSync, type StopSettingsSync } from "./start-settings-sync.ts";

const HOUR = 3_600_000;
let stop: StopSettingsSync | undefined;

/** A page load: the settings store is rebuilt from what this browser keeps. */
function reload() {
  stop?.();
  settingsActions.reload();
}

/** Another browser: nothing kept locally. */
function otherBrowser() {
  stop?.();
  localStorage.clear();
  settingsActions.reload();
}

beforeEach(() => {
  vi.useFakeTimers({ now: new Date("2026-05-01T10:00:00Z") });
  settingsActions.reload();
});
afterEach(() => {
  stop?.();
  stop = undefined;
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("applySnapshot (newer copy wins)", () => {
  it("takes a tab the server changed after this device did", () => {
    settingsActions.setGeneral({ unreadOnly: true });
    const local = useSettings.getState().updated.general;
    const taken = applySnapshot({ settings: { general: { unreadOnly: false } }, updated: { general: new Date(local + HOUR).toISOString() } }, {});
    expect(taken).toEqual(["general"]);
    expect(useSettings.getState().general.unreadOnly).toBe(false);
    expect(useSettings.getState().updated.general).toBe(local + HOUR);
  });

  it("keeps this device's copy when the server's is older", () => {
    settingsActions.setGeneral({ unreadOnly: true });
    const local = useSettings.getState().updated.general;
    const taken = applySnapshot({ settings: { general: { unreadOnly: false } }, updated: { general: new Date(local - HOUR).toISOString() } }, {});
    expect(taken).toEqual([]);
    expect(useSettings.getState().general.unreadOnly).toBe(true);
  });

  it("never overwrites device-only keys, ignores unknown or mistyped ones, and keeps queued changes", () => {
    settingsActions.setGeneral({ language: "ja", dataPersist: false });
    const later = new Date(Date.now() + HOUR).toISOString();
    applySnapshot(
      {
        settings: {
          general: { language: "en", dataPersist: true, unreadOnly: false, groupByDate: "yes", nonsense: 1, summary: false },
          appearance: { uiFontFamily: "serif", opaqueSidebar: true, wideMode: true, toolbarOrder: { main: ["star"], more: [] } },
        },
        updated: { general: later, appearance: later },
      },
      { general: { summary: true } },
    );
    const { general, ui } = useSettings.getState();
    expect(general).toMatchObject({ language: "ja", dataPersist: false, unreadOnly: false, groupByDate: GENERAL_DEFAULTS.groupByDate, summary: true });
    expect(general).not.toHaveProperty("nonsense");
    expect(ui).toMatchObject({ opaqueSidebar: false, wideMode: true, toolbarOrder: { main: ["star"], more: [] } });
    expect(ui.uiFontFamily).not.toBe("serif");
  });
});

describe("startSettingsSync", () => {
  it("sends a change, keeps it across a reload, and a second browser receives it", async () => {
    const server = serveSettings();
    stop = startSettingsSync();
    await stop.ready;
    settingsActions.setGeneral({ unreadOnly: false, language: "ja" });
    settingsActions.setUI({ customCSS: "body { color: red }" });
    await vi.advanceTimersByTimeAsync(1000);
    expect(server.patches).toEqual([
      { tab: "general", body: { unreadOnly: false } },
      { tab: "appearance", body: { customCSS: "body { color: red }" } },
    ]);

    reload();
    expect(useSettings.getState().general.unreadOnly).toBe(false);

    await vi.advanceTimersByTimeAsync(HOUR);
    otherBrowser();
    expect(useSettings.getState().general.unreadOnly).toBe(true);
    stop = startSettingsSync();
    await stop.ready;
    expect(useSettings.getState().general.unreadOnly).toBe(false);
    expect(useSettings.getState().general.language).toBe(GENERAL_DEFAULTS.language);
    expect(useSettings.getState().ui.customCSS).toBe("body { color: red }");
  });

  it("fetches again when the page becomes visible and every minute, so a change elsewhere arrives", async () => {
    const server = serveSettings();
    stop = startSettingsSync();
    await stop.ready;
    expect(server.state.gets).toBe(1);

    server.put("general", { hoverMarkUnread: false }, new Date(Date.now() + 1000));
    document.dispatchEvent(new Event("visibilitychange"));
    await vi.advanceTimersByTimeAsync(0);
    expect(server.state.gets).toBe(2);
    expect(useSettings.getState().general.hoverMarkUnread).toBe(false);

    server.put("general", { hoverMarkUnread: true }, new Date(Date.now() + 2000));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(server.state.gets).toBe(3);
    expect(useSettings.getState().general.hoverMarkUnread).toBe(true);
  });

  it("after sending, takes the server's time: an older change made elsewhere does not win", async () => {
    const server = serveSettings();
    stop = startSettingsSync();
    await stop.ready;
    settingsActions.setUI({ wideMode: true });
    await vi.advanceTimersByTimeAsync(1000);
    const sentAt = Date.parse(new Date().toISOString());
    expect(useSettings.getState().updated.ui).toBe(sentAt);

    server.put("appearance", { wideMode: false }, new Date(sentAt - 5000));
    document.dispatchEvent(new Event("visibilitychange"));
    await vi.advanceTimersByTimeAsync(0);
    expect(useSettings.getState().ui.wideMode).toBe(true);
  });

  it("sends nothing after it was stopped (signed out)", async () => {
    const server = serveSettings();
    stop = startSettingsSync();
    await stop.ready;
    stop();
    settingsActions.setGeneral({ unreadOnly: false });
    await vi.advanceTimersByTimeAsync(120_000);
    expect(server.patches).toEqual([]);
    expect(server.state.gets).toBe(1);
  });
});
