import { act, fireEvent, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import i18next from "i18next";
import { beforeEach, describe, expect, it } from "vitest";
import { timelineItem } from "../../../test/helpers/entries.ts";
import { renderPage } from "../../../test/helpers/render.tsx";
import { entriesActions } from "../../store/entries.store.ts";
import { settingsActions, useSettings } from "../../store/settings.store.ts";
import { GENERAL_DEFAULTS, UI_DEFAULTS } from "../../store/settings-defaults.ts";
import { EntryToolbar } from "../entry-actions/index.ts";
import { CUSTOM_CSS_ID, startAppearanceEffects } from "./appearance-effects.ts";
import { AppearanceSettings } from "./appearance-settings.tsx";
import { GeneralSettings } from "./general-settings.tsx";

const reset = () => {
  localStorage.clear();
  settingsActions.replace("general", structuredClone(GENERAL_DEFAULTS), 0);
  settingsActions.replace("ui", structuredClone(UI_DEFAULTS), 0);
};

// The app's own i18next (the language picker switches it); the render helper brings the strings.
await i18next.init({ lng: "en", resources: {} });

beforeEach(reset);

describe("General settings", () => {
  it("shows the enhanced settings disabled, at their defaults, until enhancedSettings is on", async () => {
    settingsActions.setGeneral({ groupByDate: false });
    renderPage(<GeneralSettings />);
    const groupByDate = screen.getByRole("switch", { name: "Group by date" });
    expect((groupByDate as HTMLButtonElement).disabled).toBe(true);
    expect(groupByDate.getAttribute("aria-checked")).toBe("true");
    expect(screen.getAllByText(/Turn on enhanced settings/).length).toBeGreaterThan(0);

    await userEvent.click(screen.getByRole("switch", { name: "Enhanced settings" }));
    expect((groupByDate as HTMLButtonElement).disabled).toBe(false);
    expect(groupByDate.getAttribute("aria-checked")).toBe("false");
    await userEvent.click(groupByDate);
    expect(useSettings.getState().general.groupByDate).toBe(true);
  });

  it("edits a plain setting and the language of this device", async () => {
    renderPage(<GeneralSettings />);
    await userEvent.click(screen.getByRole("switch", { name: "Show unread only" }));
    expect(useSettings.getState().general.unreadOnly).toBe(false);
    fireEvent.change(screen.getByRole("combobox", { name: "Startup screen" }), { target: { value: "subscription" } });
    expect(useSettings.getState().general.startupScreen).toBe("subscription");
    fireEvent.change(screen.getByRole("combobox", { name: "Language" }), { target: { value: "ja" } });
    expect(useSettings.getState().general.language).toBe("ja");
    expect(localStorage.getItem("tidings:language")).toBe("ja");
  });
});

describe("Appearance settings", () => {
  it("moves an action out of the toolbar, and the entry toolbar follows", async () => {
    const item = timelineItem();
    entriesActions.upsertItems([item]);
    renderPage(
      <>
        <EntryToolbar entryId={item.entries.id} view={0} />
        <AppearanceSettings />
      </>,
    );
    const toolbar = screen.getByRole("toolbar", { name: "Entry actions" });
    expect(within(toolbar).getByRole("button", { name: "Star" })).toBeTruthy();

    const editor = screen.getByTestId("toolbar-order-editor");
    await userEvent.click(within(editor).getByRole("button", { name: "Move Star to the menu" }));
    expect(within(toolbar).queryByRole("button", { name: "Star" })).toBeNull();
    expect(useSettings.getState().ui.toolbarOrder.main).not.toContain("star");
    expect(useSettings.getState().ui.toolbarOrder.more.at(-1)).toBe("star");

    await userEvent.click(within(editor).getByRole("button", { name: "Move Share up" }));
    const labels = within(toolbar)
      .getAllByRole("button")
      .map((button) => button.getAttribute("aria-label"));
    expect(labels.indexOf("Share")).toBeLessThan(labels.indexOf("View source content"));

    await userEvent.click(within(editor).getByRole("button", { name: "Reset to default" }));
    expect(within(toolbar).getByRole("button", { name: "Star" })).toBeTruthy();
  });

  it("applies custom CSS, the text size and the motion class to the document as they change", async () => {
    const stop = startAppearanceEffects();
    try {
      renderPage(<AppearanceSettings />);
      fireEvent.change(screen.getByRole("textbox", { name: "Your own CSS" }), { target: { value: "body { color: teal; }" } });
      expect(document.getElementById(CUSTOM_CSS_ID)?.textContent).toBe("body { color: teal; }");

      fireEvent.change(screen.getByRole("combobox", { name: "Interface text size" }), { target: { value: "18" } });
      expect(useSettings.getState().ui.uiTextSize).toBe(18);
      expect(document.documentElement.style.fontSize).toBe("18px");

      // Reduce motion is an enhanced setting: stored, but in force only with enhancedSettings on.
      act(() => settingsActions.setUI({ reduceMotion: true }));
      expect(document.documentElement.classList.contains("reduce-motion")).toBe(false);
      act(() => settingsActions.setGeneral({ enhancedSettings: true }));
      expect(document.documentElement.classList.contains("reduce-motion")).toBe(true);
    } finally {
      stop();
    }
  });
});
