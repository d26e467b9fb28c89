import type { SettingsTab } from "../../components/settings/settings-tab.ts";
import { IntegrationSettings } from "./integration-settings.tsx";

/** Settings → Integration: this module's tab (pages/settings/settings-tabs.ts puts it in order). */
export const integrationSettingsTab: SettingsTab = { id: "integration", Page: IntegrationSettings };
