import { ShareTarget } from "../modules/pwa/index.ts";

/** `/share`: what another app shared to the installed app (the manifest's `share_target`). */
export function ShareTargetPage() {
  return <ShareTarget />;
}
