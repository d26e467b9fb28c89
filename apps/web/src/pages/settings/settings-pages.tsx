import { Navigate, useParams } from "react-router";
import { InvitationsSettings, ProfileSettings } from "../../modules/account/index.ts";
import { ActionsSettings } from "../../modules/actions/index.ts";
import { InboxesSettings } from "../../modules/inboxes/index.ts";
import { ListsSettings } from "../../modules/lists/index.ts";
import { PowerSettings } from "../../modules/power/index.ts";
import { RsshubSettings } from "../../modules/rsshub/index.ts";
import {
  AboutSettings,
  AiSettings,
  AppearanceSettings,
  DataControlSettings,
  FeedsSettings,
  GeneralSettings,
  IntegrationSettings,
  NotificationsSettings,
  PrivacySettings,
  SETTINGS_TABS,
  SettingsSection,
  type SettingsTab,
  ShortcutsSettings,
} from "../../modules/settings/index.ts";

const PAGES: Partial<Record<SettingsTab, React.ComponentType>> = {
  general: GeneralSettings,
  appearance: AppearanceSettings,
  feeds: FeedsSettings,
  list: ListsSettings,
  inboxes: InboxesSettings,
  notifications: NotificationsSettings,
  actions: ActionsSettings,
  integration: IntegrationSettings,
  rsshub: RsshubSettings,
  power: PowerSettings,
  ai: AiSettings,
  invitations: InvitationsSettings,
  profile: ProfileSettings,
  shortcuts: ShortcutsSettings,
  privacy: PrivacySettings,
  "data-control": DataControlSettings,
  about: AboutSettings,
};

/** `/settings/:tab`: the tab's page; an unknown tab goes to the first one. */
export function SettingsTabPage() {
  const { tab } = useParams();
  const known = SETTINGS_TABS.find((candidate) => candidate === tab);
  if (!known) return <Navigate to="/settings/general" replace />;
  const Page = PAGES[known];
  return Page ? <Page /> : <SettingsSection tab={known} />;
}

export function SettingsIndexPage() {
  return <Navigate to="/settings/general" replace />;
}
