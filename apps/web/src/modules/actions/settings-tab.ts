import type { SettingsTab } from "../../components/settings/settings-tab.ts";
import { ActionsSettings } from "./actions-settings.tsx";

/** Settings → Actions: this module's tab (pages/settings/settings-tabs.ts puts it in order). */
export const actionsSettingsTab: SettingsTab = { id: "actions", Page: ActionsSettings };
