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
  "ai",
  "invitations",
  "profile",
  "shortcuts",
  "privacy",
  "data-control",
  "about",
] as const;

export type SettingsTab = (typeof SETTINGS_TABS)[number];
