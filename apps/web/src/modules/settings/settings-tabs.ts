/** The settings sub-pages of spec §2, in sidebar order. */
export const SETTINGS_TABS = [
  "general",
  "appearance",
  "feeds",
  "list",
  "inboxes",
  "notifications",
  "actions",
  "integration",
  "rsshub",
  "power",
  "ai",
  "invitations",
  "profile",
  "shortcuts",
  "privacy",
  "data-control",
  "about",
] as const;

export type SettingsTab = (typeof SETTINGS_TABS)[number];

/** Tabs of features the instance may turn off (`GET /status/configs`), hidden while off. */
export const OPTIONAL_TABS: Partial<Record<SettingsTab, "POWER">> = { power: "POWER" };
