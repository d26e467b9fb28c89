import type { SettingsTab } from "../../components/settings/settings-tab.ts";
import { invitationsSettingsTab, profileSettingsTab } from "../../modules/account/index.ts";
import { actionsSettingsTab } from "../../modules/actions/index.ts";
import { shortcutsSettingsTab } from "../../modules/hotkeys/index.ts";
import { inboxesSettingsTab } from "../../modules/inboxes/index.ts";
import { integrationSettingsTab } from "../../modules/integrations/index.ts";
import { listsSettingsTab } from "../../modules/lists/index.ts";
import { powerSettingsTab } from "../../modules/power/index.ts";
import { readerAppsSettingsTab } from "../../modules/reader-apps/index.ts";
import { rsshubSettingsTab } from "../../modules/rsshub/index.ts";
import {
  aboutSettingsTab,
  aiSettingsTab,
  appearanceSettingsTab,
  dataControlSettingsTab,
  feedsSettingsTab,
  generalSettingsTab,
  notificationsSettingsTab,
  privacySettingsTab,
} from "../../modules/settings/index.ts";

/** The settings tabs of spec §2, in sidebar order; each comes from the module that owns it. */
export const SETTINGS_TABS: readonly SettingsTab[] = [
  generalSettingsTab,
  appearanceSettingsTab,
  feedsSettingsTab,
  listsSettingsTab,
  inboxesSettingsTab,
  notificationsSettingsTab,
  actionsSettingsTab,
  integrationSettingsTab,
  readerAppsSettingsTab,
  rsshubSettingsTab,
  powerSettingsTab,
  aiSettingsTab,
  invitationsSettingsTab,
  profileSettingsTab,
  shortcutsSettingsTab,
  privacySettingsTab,
  dataControlSettingsTab,
  aboutSettingsTab,
];
