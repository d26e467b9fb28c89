// Settings (spec §2 /settings/:tab): the layout that lists the tabs it is given, and the tabs of
// the app's own preferences. Start-up uses boot.ts instead (no screens).
export { SettingsLayout } from "./settings-layout.tsx";
export {
  aboutSettingsTab,
  aiSettingsTab,
  appearanceSettingsTab,
  dataControlSettingsTab,
  feedsSettingsTab,
  generalSettingsTab,
  notificationsSettingsTab,
  privacySettingsTab,
} from "./settings-tabs.ts";
