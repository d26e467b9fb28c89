import { describe, expect, it } from "vitest";
import { effectiveGeneral, effectiveUI, settingsActions, useSettings } from "../../../store/settings.store.ts";
import { GENERAL_DEFAULTS, UI_DEFAULTS } from "../../../store/settings-defaults.ts";
import { runSettingsMigrations, SETTINGS_VERSION } from "./settings-migrations.ts";

const store = (group: "general" | "ui", values: object) => {
  localStorage.setItem(`tidings:settings:${group}`, JSON.stringify(values));
  settingsActions.reload();
};

describe("migration v1", () => {
  it("turns enhancedSettings on when an enhanced setting differs from its default", () => {
    store("ui", { dateFormat: "YYYY-MM-DD" });
    runSettingsMigrations();
    expect(useSettings.getState().general.enhancedSettings).toBe(true);
    expect(localStorage.getItem("tidings:settings:version")).toBe(String(SETTINGS_VERSION));
    settingsActions.reload();
    expect(useSettings.getState().general.enhancedSettings).toBe(true);
  });

  it("leaves it off when the enhanced settings are all at their defaults", () => {
    store("general", { unreadOnly: false });
    store("ui", { wideMode: true });
    runSettingsMigrations();
    expect(useSettings.getState().general.enhancedSettings).toBe(false);
    expect(localStorage.getItem("tidings:settings:version")).toBe("1");
  });

  it("runs once: a later change of an enhanced setting does not switch it on again", () => {
    runSettingsMigrations();
    store("general", { groupByDate: false, enhancedSettings: false });
    runSettingsMigrations();
    expect(useSettings.getState().general.enhancedSettings).toBe(false);
  });
});

describe("enhancedSettings rule (spec §4)", () => {
  it("applies the defaults of the enhanced settings while it is off", () => {
    const general = { ...GENERAL_DEFAULTS, groupByDate: false, autoExpandLongSocialMedia: true, unreadOnly: false };
    expect(effectiveGeneral(general)).toMatchObject({ groupByDate: true, autoExpandLongSocialMedia: false, unreadOnly: false });
    expect(effectiveGeneral({ ...general, enhancedSettings: true })).toMatchObject({ groupByDate: false, autoExpandLongSocialMedia: true });
    const ui = { ...UI_DEFAULTS, reduceMotion: true, codeHighlightThemeDark: "nord", opaqueSidebar: true, wideMode: true };
    expect(effectiveUI(ui, false)).toMatchObject({ reduceMotion: false, codeHighlightThemeDark: "github-dark", opaqueSidebar: false, wideMode: true });
    expect(effectiveUI(ui, true)).toMatchObject({ reduceMotion: true, codeHighlightThemeDark: "nord", opaqueSidebar: true });
  });
});
