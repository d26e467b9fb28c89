// POWER (spec §1, §2 `/power`, tip dialog, boost feed, achievements, Settings → Power; errors
// 4000–4013, 9000–9003): the instance-local currency's wallet, daily claim, history, ranking,
// tips, boosts and achievements.
export { PowerIndex } from "./power-index.tsx";
export { PowerSettings } from "./power-settings.tsx";
export { openAchievementsDialog, openBoostDialog, openTipDialog, SupportCreator, usePowerConfig, usePowerEnabled, type BoostTarget, type PowerConfig, type TipTarget } from "./boot.ts";
