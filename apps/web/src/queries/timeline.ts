import type { FeedView, TimelineItem } from "@tidings/contracts";
import { infiniteQueryOptions } from "@tanstack/react-query";
import { forgetEntriesOf, persistItems } from "../db/entries.repo.ts";
import { apiPage } from "../lib/api-client.ts";
import { persistSources } from "../db/sources.repo.ts";
import { entriesActions, useEntries } from "../store/entries.store.ts";
import { sourcesActions } from "../store/sources.store.ts";

export const PAGE_SIZE = 30;

/** Which timeline: a view's "all", some feeds (a feed or a folder), a list, an inbox or the stars. */
export interface TimelineSelector {
  view: FeedView;
  feedIds?: string[];
  listId?: string;
  inboxId?: string;
  starred?: boolean;
  unreadOnly: boolean;
  excludePrivate?: boolean;
  withContent?: boolean;
}

export const timelineKeys = {
  all: ["timeline"] as const,
  of: (selector: TimelineSelector) => ["timeline", selector] as const,
};

/** One page as the timeline keeps it: entry ids in order, each one's cursor, and the next page's. */
export interface TimelinePage {
  ids: string[];
  cursors: string[];
  nextCursor: string | null;
}

/** A timeline's identity as a string (the local database keeps its chain under it). */
export const timelineKeyOf = (selector: TimelineSelector) => JSON.stringify(timelineBody(selector, null));

/** POST /entries as the body the server expects. */
export function timelineBody(selector: TimelineSelector, cursor: string | null) {
  return {
    view: selector.view,
    ...(selector.feedIds?.length === 1 ? { feedId: selector.feedIds[0] } : selector.feedIds ? { feedIdList: selector.feedIds } : {}),
    ...(selector.listId ? { listId: selector.listId } : {}),
    ...(selector.inboxId ? { inboxId: selector.inboxId } : {}),
    ...(selector.starred ? { isCollection: true } : {}),
    ...(selector.unreadOnly && !selector.starred ? { read: false } : {}),
    ...(selector.excludePrivate ? { excludePrivate: true } : {}),
    ...(selector.withContent ? { withContent: true } : {}),
    limit: PAGE_SIZE,
    ...(cursor ? { cursor } : {}),
  };
}

/**
 * The publication times a page of one feed's timeline vouches for: every entry of the feed that
 * the page's filter lets through and that was published then is on the page. The page's own first
 * and last times are left out (an entry of the same millisecond may sit on the page before or
 * after); the first page has no upper bound, the last none below. Null when an empty page
 * vouches for nothing.
 */
export function listedSpan(items: TimelineItem[], page: { first: boolean; last: boolean }): ((publishedAt: string) => boolean) | null {
  if (items.length === 0) return page.first && page.last ? () => true : null;
  const newest = Date.parse(items[0]!.entries.publishedAt);
  const oldest = Date.parse(items.at(-1)!.entries.publishedAt);
  return (publishedAt) => {
    const time = Date.parse(publishedAt);
    return (page.first || time < newest) && (page.last || time > oldest);
  };
}

/**
 * After a page of one feed's timeline (newest first): forgets the entries of that feed the device
 * holds, published within the page's span, that the page should have listed and does not. They
 * are gone for this reader — blocked by one of their Actions since they were kept, or deleted —
 * and would otherwise live on in the offline and first-paint lists. An unread-only page vouches
 * for the entries kept as unread only: one of them it lacks was blocked or read elsewhere, and
 * the kept copy is wrong either way (a mark-unread still on its way to the server loses its row
 * until the next page lists it again).
 */
async function forgetUnlisted(feedId: string, unreadOnly: boolean, items: TimelineItem[], page: { first: boolean; last: boolean }): Promise<void> {
  const within = listedSpan(items, page);
  if (!within) return;
  const listed = new Set(items.map((item) => item.entries.id));
  const gone = (state: { sourceKey: string; read: boolean | null; entry: { id: string; publishedAt: string } }) =>
    state.sourceKey === feedId && (!unreadOnly || state.read === false) && !listed.has(state.entry.id) && within(state.entry.publishedAt);
  entriesActions.remove(Object.values(useEntries.getState().byId).filter(gone).map((state) => state.entry.id));
  entriesActions.remove(await forgetEntriesOf(feedId, gone));
}

/** The feed whose own timeline a selector asks for, if it is one (not a folder, a list or the stars). */
const feedPageOf = (selector: TimelineSelector) => (selector.feedIds?.length === 1 && !selector.listId && !selector.inboxId && !selector.starred ? selector.feedIds[0] : undefined);

/**
 * A timeline, page by page, following the server's cursor (`nextCursor`: a position in the
 * timeline's total order, so pages neither skip nor repeat). Each page's entries go to the
 * entries store and the local database; the query keeps only the ids in order.
 */
export function timelineQuery(selector: TimelineSelector) {
  return infiniteQueryOptions({
    queryKey: timelineKeys.of(selector),
    initialPageParam: null as string | null,
    queryFn: async ({ pageParam, signal }): Promise<TimelinePage> => {
      const { data: items, nextCursor } = await apiPage<TimelineItem[]>("entries", { json: timelineBody(selector, pageParam), signal });
      const sources = [...new Map(items.map((item) => [item.feeds.id, item.feeds])).values()];
      sourcesActions.upsert(sources);
      entriesActions.upsertItems(items);
      void persistItems(items);
      void persistSources(sources);
      const feedId = feedPageOf(selector);
      if (feedId) void forgetUnlisted(feedId, selector.unreadOnly, items, { first: pageParam === null, last: nextCursor === null });
      return { ids: items.map((item) => item.entries.id), cursors: items.map((item) => item.cursor ?? ""), nextCursor };
    },
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });
}
