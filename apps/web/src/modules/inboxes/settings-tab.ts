import type { SettingsTab } from "../../components/settings/settings-tab.ts";
import { InboxesSettings } from "./inboxes-settings.tsx";

/** Settings → Inboxes: this module's tab (pages/settings/settings-tabs.ts puts it in order). */
export const inboxesSettingsTab: SettingsTab = { id: "inboxes", Page: InboxesSettings };
