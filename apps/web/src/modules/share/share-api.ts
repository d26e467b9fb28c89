import { ErrorCode, type Entry, type FeedAnalytics, type FeedSummary, type FeedView, type ListSummary, type PublicUser, type Subscription, type TimelineItem } from "@tidings/contracts";
import { queryOptions } from "@tanstack/react-query";
import i18next from "i18next";
import { api, ApiError, errorText } from "../../lib/api-client.ts";

/** GET /feeds?id=: a feed's public page (facts §2.3). */
export interface SharedFeed {
  feed: FeedSummary;
  analytics: FeedAnalytics;
  entries: Entry[];
  subscriptionCount: number;
  subscription?: { view: FeedView; category: string | null; title: string | null };
}

/** GET /lists?listId=: a list with its feeds, owner, newest entries and numbers (facts §2.7). */
export interface SharedList {
  list: ListSummary;
  entries: TimelineItem[];
  feedCount: number;
  subscriptionCount: number;
  subscription?: { view: FeedView; title: string | null };
}

/** GET /profiles?id= with GET /subscriptions?userId= (only the public ones). */
export interface SharedUser {
  user: PublicUser;
  subscriptions: Subscription[];
}

/** GET /share/entries/:id: an entry of a feed, with its content, as anyone may see it. */
export interface SharedEntry {
  entry: Entry;
  feed: FeedSummary;
  subscriptionCount: number;
}

const SHARE = { staleTime: 30_000, retry: false } as const;

/** The shared entry page's data (public: no session needed). */
export const sharedEntryQuery = (entryId: string) =>
  queryOptions({
    queryKey: ["share", "entry", entryId] as const,
    queryFn: ({ signal }) => api<SharedEntry>(`share/entries/${encodeURIComponent(entryId)}`, { signal }),
    ...SHARE,
  });

/**
 * The public form of a share page's data, for visitors who are not signed in: the same shapes as
 * the signed-in calls, without the caller's own subscription.
 */
export const publicShareQuery = {
  feed: (feedId: string) =>
    queryOptions({
      queryKey: ["share", "public", "feed", feedId] as const,
      queryFn: ({ signal }) => api<SharedFeed>(`share/feeds/${encodeURIComponent(feedId)}`, { signal }),
      ...SHARE,
    }),
  list: (listId: string) =>
    queryOptions({
      queryKey: ["share", "public", "list", listId] as const,
      queryFn: ({ signal }) => api<SharedList>(`share/lists/${encodeURIComponent(listId)}`, { signal }),
      ...SHARE,
    }),
  user: (idOrHandle: string) =>
    queryOptions({
      queryKey: ["share", "public", "user", idOrHandle] as const,
      queryFn: ({ signal }) => api<SharedUser>(`share/users/${encodeURIComponent(idOrHandle)}`, { signal }),
      ...SHARE,
    }),
};

/** The shared feed page's data. */
export const sharedFeedQuery = (feedId: string) =>
  queryOptions({
    queryKey: ["share", "feed", feedId] as const,
    queryFn: ({ signal }) => api<SharedFeed>("feeds", { query: { id: feedId }, signal }),
    ...SHARE,
  });

/** The shared list page's data. */
export const sharedListQuery = (listId: string) =>
  queryOptions({
    queryKey: ["share", "list", listId] as const,
    queryFn: ({ signal }) => api<SharedList>("lists", { query: { listId }, signal }),
    ...SHARE,
  });

/**
 * The shared user page's data: the profile and the public subscriptions. The page is addressed by
 * user id, or by handle as `@handle` (handles are what people put in share links, spec profile).
 */
export const sharedUserQuery = (idOrHandle: string) =>
  queryOptions({
    queryKey: ["share", "user", idOrHandle] as const,
    queryFn: async ({ signal }): Promise<SharedUser> => {
      const byHandle = idOrHandle.startsWith("@");
      const user = await api<PublicUser>("profiles", { query: byHandle ? { handle: idOrHandle.slice(1) } : { id: idOrHandle }, signal });
      const subscriptions = await api<Subscription[]>("subscriptions", { query: { userId: user.id }, signal });
      return { user, subscriptions };
    },
    ...SHARE,
  });

// The only parameter is the id in the address, so a malformed one is "not found" too.
const NOT_FOUND: ReadonlySet<number> = new Set([ErrorCode.InvalidParameter, ErrorCode.EntryNotFound, ErrorCode.FeedNotFound, ErrorCode.ListNotFound, ErrorCode.UserNotFound]);

/** Whether a failed share page load means "there is no such feed, list or user". */
export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || (error.code !== undefined && NOT_FOUND.has(error.code)));
}

/** The message of a failed load: its code's translated message (spec §8), else the server's. */
export function shareErrorText(error: unknown): string {
  return errorText(error, (code) => (i18next.exists(`errors:${code}`) ? i18next.t(`errors:${code}`) : undefined));
}
