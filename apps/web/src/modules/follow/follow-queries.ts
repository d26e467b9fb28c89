import type { Entry, FeedAnalytics, FeedSummary, FeedView, ListSummary } from "@tidings/contracts";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../lib/api-client.ts";

/** GET /feeds: a feed with its numbers, its newest entries and the caller's subscription. */
export interface FeedPreview {
  feed: FeedSummary;
  analytics: FeedAnalytics;
  entries: Entry[];
  subscriptionCount: number;
  subscription?: { view: FeedView; category: string | null; title: string | null; isPrivate: boolean };
}

/** GET /lists: a list with its feeds count, fee and newest entries. */
export interface ListPreview {
  list: ListSummary;
  entries: Entry[];
  feedCount: number;
  subscriptionCount: number;
  subscription?: { view: FeedView; title: string | null; isPrivate: boolean };
}

/** One feed POST /discover found at an address. */
export interface DiscoveredFeed {
  feed?: FeedSummary;
  list?: ListSummary;
  entries?: Entry[];
  isSubscribed: boolean;
  subscriptionCount: number;
}

const PREVIEW = { staleTime: 60_000, retry: false } as const;

/** The live preview of the follow form: the feed behind an address (found, fetched and parsed by the server). */
export const feedPreviewQuery = (target: { url: string } | { id: string }) =>
  queryOptions({
    queryKey: ["follow", "feed", target] as const,
    queryFn: ({ signal }) => api<FeedPreview>("feeds", { query: target, signal }),
    ...PREVIEW,
  });

/** The list being followed: its title, feeds count and fee. */
export const listPreviewQuery = (listId: string) =>
  queryOptions({
    queryKey: ["follow", "list", listId] as const,
    queryFn: ({ signal }) => api<ListPreview>("lists", { query: { listId }, signal }),
    ...PREVIEW,
  });

/** Quick add: every feed the server discovers at an address (a feed, or a site announcing its feeds). */
export const discoverQuery = (url: string) =>
  queryOptions({
    queryKey: ["follow", "discover", url] as const,
    queryFn: ({ signal }) => api<DiscoveredFeed[]>("discover", { json: { keyword: url, target: "feeds" }, signal }),
    ...PREVIEW,
  });
