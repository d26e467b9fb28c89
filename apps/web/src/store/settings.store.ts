import { create } from "zustand";
import { storage } from "../lib/storage.ts";
import { ENHANCED_GENERAL_KEYS, ENHANCED_UI_KEYS, GENERAL_DEFAULTS, type GeneralSettings, UI_DEFAULTS, type UISettings } from "./settings-defaults.ts";

interface SettingsState {
  general: GeneralSettings;
  ui: UISettings;
  /** Last local change per tab (ms), for sync: the newer copy wins. */
  updated: { general: number; ui: number };
}

const read = <T extends object>(key: string, defaults: T): T => {
  try {
    const stored = storage.get(key);
    return stored ? { ...defaults, ...(JSON.parse(stored) as Partial<T>) } : { ...defaults };
  } catch {
    return { ...defaults };
  }
};

/** The reader's settings, kept on this device (synced per tab with the server by the settings module). */
export const useSettings = create<SettingsState>(() => ({
  general: read("settings:general", GENERAL_DEFAULTS),
  ui: read("settings:ui", UI_DEFAULTS),
  updated: read("settings:updated", { general: 0, ui: 0 }),
}));

/** A tab of the local settings: `general`, or `ui` (the server calls it `appearance`). */
export type SettingsGroup = "general" | "ui";

type ChangeListener = (group: SettingsGroup, patch: Record<string, unknown>) => void;
const changeListeners = new Set<ChangeListener>();

/**
 * Hears every change made on this device (not those taken from the server), with the changed keys;
 * the settings sync queues them. Answers the function that stops listening.
 */
export function onSettingsChange(listener: ChangeListener): () => void {
  changeListeners.add(listener);
  return () => changeListeners.delete(listener);
}

const announce = (group: SettingsGroup, patch: object) => changeListeners.forEach((listener) => listener(group, { ...patch }));

export const settingsActions = {
  setGeneral(patch: Partial<GeneralSettings>): void {
    announce("general", patch);
    useSettings.setState((state) => {
      const general = { ...state.general, ...patch };
      const updated = { ...state.updated, general: Date.now() };
      storage.set("settings:general", JSON.stringify(general));
      storage.set("settings:updated", JSON.stringify(updated));
      return { general, updated };
    });
  },

  setUI(patch: Partial<UISettings>): void {
    announce("ui", patch);
    useSettings.setState((state) => {
      const ui = { ...state.ui, ...patch };
      const updated = { ...state.updated, ui: Date.now() };
      storage.set("settings:ui", JSON.stringify(ui));
      storage.set("settings:updated", JSON.stringify(updated));
      return { ui, updated };
    });
  },

  /**
   * Takes values from elsewhere (the server's copy, a migration) without announcing them as a
   * change of this device; `updatedAt` becomes the tab's time of last change.
   */
  replace(group: SettingsGroup, values: Record<string, unknown>, updatedAt: number): void {
    useSettings.setState((state) => {
      const next = { ...state[group], ...values };
      const updated = { ...state.updated, [group]: updatedAt };
      storage.set(`settings:${group}`, JSON.stringify(next));
      storage.set("settings:updated", JSON.stringify(updated));
      return { [group]: next, updated } as Partial<SettingsState>;
    });
  },

  /** Re-reads the settings this device keeps (after another tab or a reset changed them). */
  reload(): void {
    useSettings.setState({
      general: read("settings:general", GENERAL_DEFAULTS),
      ui: read("settings:ui", UI_DEFAULTS),
      updated: read("settings:updated", { general: 0, ui: 0 }),
    });
  },
};

/** The general settings in force: with enhancedSettings off, the enhanced ones are their defaults. */
export function effectiveGeneral(general: GeneralSettings): GeneralSettings {
  if (general.enhancedSettings) return general;
  const effective = { ...general };
  for (const key of ENHANCED_GENERAL_KEYS) Object.assign(effective, { [key]: GENERAL_DEFAULTS[key] });
  return effective;
}

export function effectiveUI(ui: UISettings, enhanced: boolean): UISettings {
  if (enhanced) return ui;
  const effective = { ...ui };
  for (const key of ENHANCED_UI_KEYS) Object.assign(effective, { [key]: UI_DEFAULTS[key] });
  return effective;
}

/** Hooks for the settings in force. */
export const useGeneralSetting = <K extends keyof GeneralSettings>(key: K): GeneralSettings[K] =>
  useSettings((state) => effectiveGeneral(state.general)[key]);
export const useUISetting = <K extends keyof UISettings>(key: K): UISettings[K] =>
  useSettings((state) => effectiveUI(state.ui, state.general.enhancedSettings)[key]);
