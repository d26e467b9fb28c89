/**
 * What start-up needs from the settings module, without its screens: `index.ts` also carries
 * every settings tab (~80 KB), which the first timeline must not wait for.
 */
export { startAppearanceEffects } from "./appearance-effects.ts";
export { runSettingsMigrations } from "./sync/settings-migrations.ts";
export { startSettingsSync, type SettingsSyncDeps, type StopSettingsSync } from "./sync/start-settings-sync.ts";
