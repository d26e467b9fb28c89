import { crawlMs, folderOf, labelId, longItemId, READ, READING_LIST, STARRED } from "./greader.ids.ts";
import type { ItemRecord } from "./greader-items.repo.ts";
import type { SubscriptionRecord } from "./greader.repo.ts";

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

/** A subscription's stream id: `feed/<feed id>`, `feed/list-<list id>` or `feed/inbox-<handle>`. */
export function streamIdOf(subscription: Pick<SubscriptionRecord, "type" | "targetId" | "handle">): string {
  if (subscription.type === "list") return `feed/list-${subscription.targetId}`;
  if (subscription.type === "inbox") return `feed/inbox-${subscription.handle}`;
  return `feed/${subscription.targetId}`;
}

export function presentSubscription(subscription: SubscriptionRecord) {
  return {
    id: streamIdOf(subscription),
    title: subscription.title,
    categories: [{ id: labelId(folderOf(subscription.category)), label: folderOf(subscription.category) }],
    url: subscription.url ?? "",
    htmlUrl: subscription.siteUrl ?? "",
    iconUrl: subscription.icon ?? "",
    sortid: subscription.targetId.slice(-8),
    firstitemmsec: String(subscription.createdAt.getTime()),
  };
}

/** An item as Google Reader's `stream/contents` and `stream/items/contents` show it. */
export function presentItem(item: ItemRecord, labels: string[]) {
  const crawled = crawlMs(item.id);
  const categories = [READING_LIST];
  if (!item.unread) categories.push(READ);
  if (item.starred) categories.push(STARRED);
  const folder = item.origin.streamId && item.origin.subscribed ? folderOf(item.origin.category) : null;
  if (folder) categories.push(labelId(folder));
  for (const label of labels) if (label !== folder) categories.push(labelId(label));
  // Apps read an item's link from `canonical`, then `alternate` (which some require, non-empty).
  const link = item.url ?? item.origin.htmlUrl ?? "";
  return {
    id: longItemId(item.id),
    crawlTimeMsec: String(crawled),
    timestampUsec: String(crawled * 1000),
    published: seconds(item.publishedAt),
    updated: seconds(item.updatedAt),
    title: item.title ?? "",
    ...(item.url ? { canonical: [{ href: item.url }] } : {}),
    alternate: [{ href: link, type: "text/html" }],
    categories,
    origin: { streamId: item.origin.streamId ?? "", title: item.origin.title ?? "", htmlUrl: item.origin.htmlUrl ?? "" },
    summary: { direction: "ltr", content: item.html ?? "" },
    author: item.author ?? "",
    enclosure: (item.attachments ?? []).map((attachment) => ({
      href: attachment.url,
      ...(attachment.mime_type ? { type: attachment.mime_type } : {}),
      ...(attachment.size_in_bytes ? { length: String(attachment.size_in_bytes) } : {}),
    })),
  };
}
