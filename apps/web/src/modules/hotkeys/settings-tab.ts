import type { SettingsTab } from "../../components/settings/settings-tab.ts";
import { ShortcutsSettings } from "./shortcuts-settings.tsx";

/** Settings → Shortcuts: this module's tab (pages/settings/settings-tabs.ts puts it in order). */
export const shortcutsSettingsTab: SettingsTab = { id: "shortcuts", Page: ShortcutsSettings };
