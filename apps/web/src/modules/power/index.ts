// POWER (spec §1, §2 `/power`, tip dialog, boost feed, achievements, Settings → Power; errors
// 4000–4013, 9000–9003): the instance-local currency's wallet, daily claim, history, ranking,
// tips, boosts and achievements.
export { PowerIndex } from "./power-index.tsx";
export { powerSettingsTab } from "./settings-tab.ts";
