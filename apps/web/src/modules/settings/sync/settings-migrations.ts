import { storage } from "../../../lib/storage.ts";
import { ENHANCED_GENERAL_KEYS, ENHANCED_UI_KEYS, GENERAL_DEFAULTS, UI_DEFAULTS } from "../../../store/settings-defaults.ts";
import { settingsActions, useSettings } from "../../../store/settings.store.ts";

/** The settings version this build writes; each migration below brings stored settings up to it. */
export const SETTINGS_VERSION = 1;
const VERSION_KEY = "settings:version";

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * v1 (spec §4): settings that used to apply unconditionally now need enhancedSettings. A person who
 * had changed any of them keeps their choice in force: enhancedSettings is switched on for them.
 */
function migrateV1(): void {
  const { general, ui, updated } = useSettings.getState();
  if (general.enhancedSettings) return;
  const changed =
    ENHANCED_GENERAL_KEYS.some((key) => !same(general[key], GENERAL_DEFAULTS[key])) || ENHANCED_UI_KEYS.some((key) => !same(ui[key], UI_DEFAULTS[key]));
  // Not a change of this device: the time stays, so a newer server copy still wins.
  if (changed) settingsActions.replace("general", { enhancedSettings: true }, updated.general);
}

const MIGRATIONS: Record<number, () => void> = { 1: migrateV1 };

/** Runs, once each, the settings migrations this device has not run yet, and records the version. */
export function runSettingsMigrations(): void {
  const done = Number(storage.get(VERSION_KEY) ?? 0) || 0;
  for (let version = done + 1; version <= SETTINGS_VERSION; version++) MIGRATIONS[version]?.();
  if (done < SETTINGS_VERSION) storage.set(VERSION_KEY, String(SETTINGS_VERSION));
}
