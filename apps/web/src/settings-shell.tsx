/**
 * The settings pages (every tab, the account and invitation screens): their own lazily loaded
 * chunk, so that opening the timeline never waits for them.
 */
export { SettingsIndexPage, SettingsLayoutPage, SettingsTabPage } from "./pages/settings/settings-pages.tsx";
