import type { SettingsTab } from "../../components/settings/settings-tab.ts";
import { ListsSettings } from "./lists-settings.tsx";

/** Settings → Lists: this module's tab (pages/settings/settings-tabs.ts puts it in order). */
export const listsSettingsTab: SettingsTab = { id: "list", Page: ListsSettings };
