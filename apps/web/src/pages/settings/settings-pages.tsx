import { Navigate, useParams } from "react-router";
import { InboxesSettings } from "../../modules/inboxes/index.ts";
import { ListsSettings } from "../../modules/lists/index.ts";
import { AboutSettings, AppearanceSettings, DataControlSettings, SETTINGS_TABS, SettingsSection, type SettingsTab } from "../../modules/settings/index.ts";

const PAGES: Partial<Record<SettingsTab, () => React.JSX.Element>> = {
  about: AboutSettings,
  appearance: AppearanceSettings,
  "data-control": DataControlSettings,
  inboxes: InboxesSettings,
  list: ListsSettings,
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
