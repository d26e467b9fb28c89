import type { SettingsTab } from "../../components/settings/settings-tab.ts";
import { ReaderAppsSettings } from "./reader-apps-settings.tsx";

/** Settings → Apps: this module's tab (pages/settings/settings-tabs.ts puts it in order). */
export const readerAppsSettingsTab: SettingsTab = { id: "apps", Page: ReaderAppsSettings };
