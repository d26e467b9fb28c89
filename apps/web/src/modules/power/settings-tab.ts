import type { SettingsTab } from "../../components/settings/settings-tab.ts";
import { PowerSettings } from "./power-settings.tsx";

/** Settings → Power, listed only while the instance has POWER on (pages/settings/settings-tabs.ts puts it in order). */
export const powerSettingsTab: SettingsTab = { id: "power", Page: PowerSettings, requires: "POWER" };
