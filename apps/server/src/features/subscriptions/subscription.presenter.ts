import type { FeedView, Subscription } from "@tidings/contracts";
import { presentFeed } from "../feeds/index.ts";
import { presentInbox } from "../inboxes/index.ts";
import { presentList } from "../lists/index.ts";
import type { SubscriptionsRepo } from "./subscriptions.repo.ts";

type Joined = Awaited<ReturnType<SubscriptionsRepo["listForUser"]>>[number];

/** A subscription with what it points at, as the API shows it (facts §2.4). */
export function presentSubscription(row: Joined, extras: { listFeedIds: Map<string, string[]>; emailSuffix: string }): Subscription | null {
  const { subscription: s } = row;
  const base = {
    userId: s.userId,
    view: s.view as FeedView,
    category: s.category,
    title: s.title,
    isPrivate: s.isPrivate,
    createdAt: s.createdAt.toISOString(),
  };
  if (s.type === "feed" && row.feed) return { ...base, feedId: row.feed.id, feeds: presentFeed(row.feed) };
  if (s.type === "list" && row.list) {
    return {
      ...base,
      listId: row.list.id,
      lastViewedAt: s.lastViewedAt?.toISOString() ?? null,
      lists: presentList(row.list, { feedIds: extras.listFeedIds.get(row.list.id) ?? [] }),
    };
  }
  if (s.type === "inbox" && row.inbox) return { ...base, inboxId: row.inbox.handle, inboxes: presentInbox(row.inbox, extras.emailSuffix) };
  return null;
}
