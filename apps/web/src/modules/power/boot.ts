// The light part of POWER for the rest of the app: its dialogs (tip, boost, achievements), the
// reader's "Support the creator" block and whether the instance has POWER at all, without the
// /power page and the settings tab. Entry actions, the reader, the subscription column and the
// user menu use it; index.ts would pull in the page.
export { openAchievementsDialog } from "./open-achievements.tsx";
export { openBoostDialog } from "./boost-dialog.tsx";
export { openTipDialog } from "./tip-dialog.tsx";
export { SupportCreator } from "./support-creator.tsx";
export { usePowerEnabled } from "./power-config.ts";
export { BoostBadge } from "./boost-badge.tsx";
