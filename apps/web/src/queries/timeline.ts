import type { FeedView, TimelineItem } from "@tidings/contracts";
import { infiniteQueryOptions } from "@tanstack/react-query";
import { persistItems } from "../db/entries.repo.ts";
import { apiPage } from "../lib/api-client.ts";
import { persistSources } from "../db/sources.repo.ts";
import { entriesActions } from "../store/entries.store.ts";
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
      return { ids: items.map((item) => item.entries.id), cursors: items.map((item) => item.cursor ?? ""), nextCursor };
    },
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });
}
