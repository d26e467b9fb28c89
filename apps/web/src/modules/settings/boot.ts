/**
 * What start-up needs from the settings module, without its screens: `index.ts` carries the
 * settings layout and tabs, which the first timeline must not wait for.
 */
export { startAppearanceEffects } from "./appearance-effects.ts";
export { runSettingsMigrations } from "./sync/settings-migrations.ts";
export { startSettingsSync } from "./sync/start-settings-sync.ts";
