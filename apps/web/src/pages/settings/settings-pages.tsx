import { Navigate, useParams } from "react-router";
import { SettingsLayout } from "../../modules/settings/index.ts";
import { SETTINGS_TABS } from "./settings-tabs.ts";

const FIRST_TAB = `/settings/${SETTINGS_TABS[0]?.id}`;

/** `/settings`: the tab list and the chosen tab. */
export function SettingsLayoutPage() {
  return <SettingsLayout tabs={SETTINGS_TABS} />;
}

/** `/settings/:tab`: the tab's page; an unknown tab goes to the first one. */
export function SettingsTabPage() {
  const { tab } = useParams();
  const Page = SETTINGS_TABS.find((candidate) => candidate.id === tab)?.Page;
  return Page ? <Page /> : <Navigate to={FIRST_TAB} replace />;
}

export function SettingsIndexPage() {
  return <Navigate to={FIRST_TAB} replace />;
}
