import type { Entry, FeedSummary, ListSummary, PublicUser } from "@tidings/contracts";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../lib/api-client.ts";

/** What a search looks for: feeds (by keyword or URL) or lists. */
export type DiscoverTarget = "feeds" | "lists";

/** One result of POST /discover. */
export interface DiscoverItem {
  feed?: FeedSummary;
  list?: ListSummary;
  entries?: Entry[];
  isSubscribed: boolean;
  subscriptionCount: number;
}

/** A route parameter: its description, or a description with a default and choices. */
export type RsshubParameter = string | { description?: string; default?: string; options?: { label: string; value: string }[] };

/** One RSSHub route as GET /discover/rsshub answers it. */
export interface RsshubRoute {
  path: string;
  name: string;
  example: string;
  description: string;
  categories: string[];
  parameters: Record<string, RsshubParameter>;
  maintainers: string[];
  location: string;
  view?: number;
}

export interface RsshubNamespace {
  name: string;
  url: string;
  description: string;
  lang: string;
  routes: Record<string, RsshubRoute>;
}

/** Namespaces by key ("github"). */
export type RsshubCatalogue = Record<string, RsshubNamespace>;

/** GET /discover/rsshub/route: a route with its namespace. */
export interface RsshubRouteInfo {
  name: string;
  url: string;
  description: string;
  prefix: string;
  route: RsshubRoute;
}

/** GET /trending. */
export interface Trending {
  trendingFeeds: (FeedSummary & { subscriptionCount: number })[];
  trendingLists: ListSummary[];
  trendingEntries: (Entry & { readCount: number })[];
  trendingUsers: PublicUser[];
}

export const discoverKeys = {
  all: ["discover"] as const,
  search: (keyword: string, target: DiscoverTarget) => ["discover", "search", target, keyword] as const,
  rsshub: (filter: { category?: string; lang?: string }) => ["discover", "rsshub", filter.category ?? "", filter.lang ?? ""] as const,
  trending: ["discover", "trending"] as const,
};

/** POST /discover: feeds found at a URL, or this instance's feeds or lists matching a keyword. */
export const discoverSearchQuery = (keyword: string, target: DiscoverTarget) =>
  queryOptions({
    queryKey: discoverKeys.search(keyword, target),
    queryFn: ({ signal }) => api<DiscoverItem[]>("discover", { json: { keyword, target }, signal }),
    enabled: keyword.trim().length > 0,
    staleTime: 60_000,
    retry: false,
  });

/** GET /discover/rsshub: the route catalogue, by category and language. */
export const rsshubCatalogueQuery = (filter: { category?: string; lang?: string }) =>
  queryOptions({
    queryKey: discoverKeys.rsshub(filter),
    queryFn: ({ signal }) => api<RsshubCatalogue>("discover/rsshub", { query: { category: filter.category || undefined, lang: filter.lang || undefined }, signal }),
    staleTime: 60 * 60_000,
  });

/** GET /trending: this instance's popular feeds, lists and entries of the week. */
export const trendingQuery = queryOptions({
  queryKey: discoverKeys.trending,
  queryFn: ({ signal }) => api<Trending>("trending", { signal }),
  staleTime: 60_000,
});
