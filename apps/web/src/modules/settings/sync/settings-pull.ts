import { GENERAL_DEFAULTS, UI_DEFAULTS } from "../../../store/settings-defaults.ts";
import { type SettingsGroup, settingsActions, useSettings } from "../../../store/settings.store.ts";
import type { PendingSettings } from "./settings-queue.ts";
import type { SettingsRemote, SettingsSnapshot } from "./settings-remote.ts";
import { LOCAL_GROUP, type ServerTab, withoutDeviceKeys } from "./sync-keys.ts";

const DEFAULTS: Record<SettingsGroup, Record<string, unknown>> = { general: GENERAL_DEFAULTS, ui: UI_DEFAULTS };

/** The server's values a local group accepts: known keys of the right kind, no device-only ones. */
function acceptable(group: SettingsGroup, values: Record<string, unknown>): Record<string, unknown> {
  const defaults = DEFAULTS[group];
  return Object.fromEntries(
    Object.entries(withoutDeviceKeys(values)).filter(
      ([key, value]) => key in defaults && typeof value === typeof defaults[key] && Array.isArray(value) === Array.isArray(defaults[key]),
    ),
  );
}

/**
 * Takes the server's copy of each tab that changed there after the local copy did (spec §4: the
 * newer copy wins). Changes still waiting to be sent are laid over it, so they are not undone.
 * Answers the tabs taken.
 */
export function applySnapshot(snapshot: SettingsSnapshot, pending: PendingSettings): ServerTab[] {
  const taken: ServerTab[] = [];
  for (const tab of Object.keys(LOCAL_GROUP) as ServerTab[]) {
    const group = LOCAL_GROUP[tab];
    const values = snapshot.settings[tab];
    const serverTime = Date.parse(snapshot.updated[tab] ?? "");
    if (!values || Number.isNaN(serverTime) || serverTime <= useSettings.getState().updated[group]) continue;
    settingsActions.replace(group, { ...acceptable(group, values), ...pending[tab] }, serverTime);
    taken.push(tab);
  }
  return taken;
}

/** Fetches the server's settings and takes the newer tabs. */
export async function pullSettings(remote: SettingsRemote, pending: () => PendingSettings): Promise<ServerTab[]> {
  return applySnapshot(await remote.fetchAll(), pending());
}
