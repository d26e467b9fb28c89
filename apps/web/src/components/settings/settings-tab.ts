import type { StatusConfigs } from "@tidings/contracts";
import type { ComponentType } from "react";

/** The on/off switches of `GET /status/configs`. */
type InstanceFlag = { [K in keyof StatusConfigs]-?: NonNullable<StatusConfigs[K]> extends boolean ? K : never }[keyof StatusConfigs];

/**
 * One tab of Settings. The module that owns a tab exports its descriptor; the settings pages
 * (`pages/settings/settings-tabs.ts`) list them in sidebar order, so the settings layout needs
 * no feature module and no feature module needs settings.
 */
export interface SettingsTab {
  /** Its path, `/settings/<id>`, and its label, `settings:tabs.<id>`. */
  id: string;
  Page: ComponentType;
  /** A feature the instance may turn off (`GET /status/configs`): the tab is hidden unless it is on. */
  requires?: InstanceFlag;
}
