export { AboutSettings } from "./about-settings.tsx";
export { AppearanceSettings } from "./appearance-settings.tsx";
export { DataControlSettings } from "./data-control-settings.tsx";
export { SettingsLayout } from "./settings-layout.tsx";
export { SettingsSection } from "./settings-section.tsx";
export { SETTINGS_TABS, type SettingsTab } from "./settings-tabs.ts";
