import { crc32 } from "node:zlib";
import type { RequestUser } from "../../http/context.ts";
import { DEFAULT_CATEGORY, type MinifluxEntryRow, type MinifluxFeedRow } from "./miniflux.repo.ts";

/** A reader's number in Miniflux's `user_id` fields (our ids are text): stable, positive, 31 bits. */
export const userNumber = (user: Pick<RequestUser, "id">) => crc32(Buffer.from(user.id, "utf8")) & 0x7fffffff || 1;

/** Miniflux's times: RFC 3339 with the zone, no milliseconds. */
const time = (date: Date | null) => (date ?? new Date(0)).toISOString().replace(/\.\d{3}Z$/, "Z");

/** What a subscription's feed is read from, as a Miniflux feed's `feed_url`. */
function feedUrlOf(feed: MinifluxFeedRow, webUrl: string, inboxEmailSuffix: string): string {
  if (feed.type === "list") return `${webUrl}/share/lists/${feed.targetId}`;
  if (feed.type === "inbox") return `mailto:${feed.handle}${inboxEmailSuffix}`;
  return feed.feedUrl ?? "";
}

export interface PresentContext {
  user: RequestUser;
  categoryIds: Map<string, number>;
  webUrl: string;
  inboxEmailSuffix: string;
}

export const categoryNameOf = (feed: Pick<MinifluxFeedRow, "category">) => feed.category ?? DEFAULT_CATEGORY;

export function presentCategory(name: string, context: PresentContext) {
  return { id: context.categoryIds.get(name) ?? 0, title: name, user_id: userNumber(context.user), hide_globally: false };
}

/** A subscription as Miniflux answers a feed. */
export function presentFeed(feed: MinifluxFeedRow, context: PresentContext) {
  const userId = userNumber(context.user);
  return {
    id: feed.syncId,
    user_id: userId,
    feed_url: feedUrlOf(feed, context.webUrl, context.inboxEmailSuffix),
    site_url: feed.type === "feed" ? (feed.siteUrl ?? "") : feed.type === "list" ? `${context.webUrl}/share/lists/${feed.targetId}` : "",
    title: feed.title,
    checked_at: time(feed.checkedAt ?? feed.createdAt),
    next_check_at: time(feed.nextCheckAt),
    etag_header: "",
    last_modified_header: "",
    parsing_error_message: feed.errorMessage ?? "",
    parsing_error_count: feed.errorCount,
    scraper_rules: "",
    rewrite_rules: "",
    crawler: false,
    blocklist_rules: "",
    keeplist_rules: "",
    urlrewrite_rules: "",
    user_agent: "",
    cookie: "",
    username: "",
    password: "",
    disabled: false,
    no_media_player: false,
    ignore_http_cache: false,
    allow_self_signed_certificates: false,
    fetch_via_proxy: false,
    hide_globally: false,
    disable_http2: false,
    apprise_service_urls: "",
    category: presentCategory(categoryNameOf(feed), context),
    icon: feed.icon ? { feed_id: feed.syncId, icon_id: feed.syncId } : null,
  };
}

/** Minutes to read `html` at 265 words a minute, as Miniflux counts them (at least 1). */
function readingTime(html: string | null): number {
  if (!html) return 0;
  const words = html.replace(/<[^>]*>/g, " ").split(/\s+/).filter(Boolean).length;
  return Math.max(1, Math.round(words / 265));
}

/** An entry as Miniflux answers it, its feed with it. */
export function presentEntry(entry: MinifluxEntryRow, feed: ReturnType<typeof presentFeed> | null, context: PresentContext) {
  const userId = userNumber(context.user);
  return {
    id: entry.syncId,
    user_id: userId,
    feed_id: entry.feedSyncId,
    status: entry.unread ? "unread" : "read",
    hash: entry.hash ?? entry.entryId,
    title: entry.title ?? "",
    url: entry.url ?? "",
    comments_url: "",
    published_at: time(entry.publishedAt),
    created_at: time(entry.insertedAt),
    changed_at: time(entry.updatedAt),
    content: entry.html ?? "",
    author: entry.author ?? "",
    share_code: "",
    starred: entry.starred,
    reading_time: readingTime(entry.html),
    // An enclosure's id is its entry's (apps address media by entry), so that it stays as small.
    enclosures: (entry.attachments ?? []).map((attachment) => ({
      id: entry.syncId,
      user_id: userId,
      entry_id: entry.syncId,
      url: attachment.url,
      mime_type: attachment.mime_type ?? "",
      size: attachment.size_in_bytes ?? 0,
      media_progression: 0,
    })),
    tags: entry.categories ?? [],
    feed,
  };
}
