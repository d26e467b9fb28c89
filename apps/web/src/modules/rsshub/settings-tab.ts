import type { SettingsTab } from "../../components/settings/settings-tab.ts";
import { RsshubSettings } from "./rsshub-settings.tsx";

/** Settings → RSSHub: this module's tab (pages/settings/settings-tabs.ts puts it in order). */
export const rsshubSettingsTab: SettingsTab = { id: "rsshub", Page: RsshubSettings };
