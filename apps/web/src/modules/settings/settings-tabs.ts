import type { SettingsTab } from "../../components/settings/settings-tab.ts";
import { AboutSettings } from "./about-settings.tsx";
import { AiSettings } from "./ai/ai-settings.tsx";
import { AppearanceSettings } from "./appearance-settings.tsx";
import { DataControlSettings } from "./data-control-settings.tsx";
import { FeedsSettings } from "./feeds-settings.tsx";
import { GeneralSettings } from "./general-settings.tsx";
import { NotificationsSettings } from "./notifications-settings.tsx";
import { PrivacySettings } from "./privacy-settings.tsx";

// The app's own preferences; feature modules contribute their tabs the same way, and
// pages/settings/settings-tabs.ts puts every tab in sidebar order.
export const generalSettingsTab: SettingsTab = { id: "general", Page: GeneralSettings };
export const appearanceSettingsTab: SettingsTab = { id: "appearance", Page: AppearanceSettings };
export const feedsSettingsTab: SettingsTab = { id: "feeds", Page: FeedsSettings };
export const notificationsSettingsTab: SettingsTab = { id: "notifications", Page: NotificationsSettings };
export const aiSettingsTab: SettingsTab = { id: "ai", Page: AiSettings };
export const privacySettingsTab: SettingsTab = { id: "privacy", Page: PrivacySettings };
export const dataControlSettingsTab: SettingsTab = { id: "data-control", Page: DataControlSettings };
export const aboutSettingsTab: SettingsTab = { id: "about", Page: AboutSettings };
