import type { RsshubTarget, RsshubTargetSource } from "./rsshub-routing.ts";
import type { Clock } from "../../lib/clock.ts";
import type { SealedBox } from "../../lib/sealed-box.ts";
import type { RsshubInstanceRow, RsshubRepo } from "./rsshub.repo.ts";

/** The server's own instance (`RSSHUB_URL`, `RSSHUB_ACCESS_KEY`). */
export interface DefaultInstance {
  baseUrl: string;
  accessKey: string | null;
}

export const DEFAULT_LABEL = "the default RSSHub instance";

/** How an instance is named to readers: its description, else its host. */
export function instanceLabel(instance: Pick<RsshubInstanceRow, "description" | "baseUrl">): string {
  if (instance.description.trim()) return instance.description.trim();
  try {
    return new URL(instance.baseUrl).host;
  } catch {
    return instance.baseUrl;
  }
}

/**
 * The instances a feed is fetched through: those its readers chose that passed their last check,
 * then the default. Access keys are opened here, for the fetch only.
 */
export function createRsshubTargets(deps: {
  repo: RsshubRepo;
  box: SealedBox;
  clock: Clock;
  defaultInstance: DefaultInstance;
  /** May an instance of this owner be on a private network (the private-network policy)? */
  mayUsePrivateNetworks: (ownerIsAdmin: boolean) => boolean;
  checkMinutes: number;
}): RsshubTargetSource {
  const fallback: RsshubTarget = { instanceId: null, label: DEFAULT_LABEL, baseUrl: deps.defaultInstance.baseUrl, accessKey: deps.defaultInstance.accessKey, lan: true };
  return {
    async forFeed(feedId, extraUserId) {
      const now = deps.clock.now();
      const chosen = feedId || extraUserId ? await deps.repo.chosenForFeed(feedId ?? "0", now, extraUserId) : [];
      const targets: RsshubTarget[] = [];
      const skipped: { label: string; message: string }[] = [];
      for (const { instance, ownerIsAdmin } of chosen) {
        const label = instanceLabel(instance);
        if (instance.status !== "ok") {
          skipped.push({ label, message: instance.errorMessage ?? instance.status });
          continue;
        }
        const accessKey = instance.accessKeySealed ? deps.box.open(instance.accessKeySealed) : null;
        if (instance.accessKeySealed && accessKey === null) {
          skipped.push({ label, message: "its access key was sealed with another server secret: set AUTH_SECRET alike on every process" });
          continue;
        }
        targets.push({ instanceId: instance.id, label, baseUrl: instance.baseUrl, accessKey, lan: deps.mayUsePrivateNetworks(ownerIsAdmin) });
      }
      targets.push(fallback);
      return { targets, skipped };
    },
    async markUnavailable(instanceId, message) {
      const now = deps.clock.now();
      // Checked again soon: a blip should not keep readers on the fallback for long.
      await deps.repo.recordCheck(instanceId, { status: "unavailable", errorMessage: message, checkedAt: now, nextCheckAt: new Date(now.getTime() + Math.min(deps.checkMinutes, 5) * 60_000) });
    },
  };
}
