/**
 * The settings pages (every tab, the account and invitation screens): their own lazily loaded
 * chunk, so that opening the timeline never waits for them.
 */
export { SettingsLayout } from "./modules/settings/index.ts";
export { SettingsIndexPage, SettingsTabPage } from "./pages/settings/settings-pages.tsx";
