import type { FeedSummary, ListSummary, PublicUser } from "@tidings/contracts";
import type { FeedView } from "@tidings/contracts";
import type { lists } from "../../db/schema/index.ts";

export type ListRow = typeof lists.$inferSelect;

/** A list as the API shows it. */
export function presentList(
  list: ListRow,
  extras: { feedIds: string[]; owner?: PublicUser | null; feeds?: FeedSummary[]; subscriptionCount?: number; purchaseAmount?: string },
): ListSummary {
  return {
    type: "list",
    id: list.id,
    title: list.title,
    description: list.description,
    image: list.image,
    view: list.view as FeedView,
    fee: list.fee,
    feedIds: extras.feedIds,
    ownerUserId: list.ownerUserId,
    timelineUpdatedAt: list.timelineUpdatedAt?.toISOString() ?? null,
    ...(extras.owner !== undefined ? { owner: extras.owner } : {}),
    ...(extras.feeds ? { feeds: extras.feeds } : {}),
    ...(extras.subscriptionCount !== undefined ? { subscriptionCount: extras.subscriptionCount } : {}),
    ...(extras.purchaseAmount !== undefined ? { purchaseAmount: extras.purchaseAmount } : {}),
  };
}
