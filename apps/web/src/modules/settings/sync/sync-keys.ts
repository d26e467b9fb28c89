import type { SettingsGroup } from "../../../store/settings.store.ts";

/** The server's settings tabs this client syncs; `integration` stays on the device (tokens). */
export type ServerTab = "general" | "appearance";

/** The server's name of each local settings group (the `ui` store is the `appearance` tab). */
export const SERVER_TAB: Record<SettingsGroup, ServerTab> = { general: "general", ui: "appearance" };
export const LOCAL_GROUP: Record<ServerTab, SettingsGroup> = { general: "general", appearance: "ui" };

/**
 * Keys that describe this device rather than the person (reference §2.11), plus the notification
 * switch, whose browser permission is per device: never sent, never taken from the server.
 */
export const DEVICE_ONLY_KEYS: ReadonlySet<string> = new Set([
  "appLaunchOnStartup",
  "dataPersist",
  "sendAnonymousData",
  "language",
  "voice",
  "uiFontFamily",
  "readerFontFamily",
  "opaqueSidebar",
  "notificationsEnabled",
]);

/** `values` without the device-only keys. */
export function withoutDeviceKeys(values: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(values).filter(([key]) => !DEVICE_ONLY_KEYS.has(key)));
}
