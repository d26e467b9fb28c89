import type { TimelineItem } from "@tidings/contracts";
import { useInfiniteQuery } from "@tanstack/react-query";
import { useEffect, useMemo, useState } from "react";
import { api } from "../../lib/api-client.ts";
import { track } from "../../lib/telemetry/events.ts";

/** Wait after the last keystroke before asking the server. */
export const SEARCH_DEBOUNCE_MS = 150;
/** Results asked of the server per search. */
export const SERVER_LIMIT = 20;

/** One result of `GET /search`: a timeline item with the server's highlight markup. */
export type ServerSearchItem = TimelineItem & { highlight: { title: string | null; snippet: string } };

/** The answer of `GET /search`; `total` is left out when more match than the server ranks. */
export interface ServerSearchResult {
  items: ServerSearchItem[];
  total?: number;
  /** The next page's cursor (the same keyset paging as timelines); null after the last. */
  nextCursor?: string | null;
}

export const searchKeys = {
  query: (q: string) => ["search", q] as const,
};

/** `value`, once it has stayed the same for `delay` ms. */
export function useDebounced<T>(value: T, delay: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}

/**
 * The server's full-text search for `query`, debounced. Each query has its own cache entry and
 * aborts when it is replaced, so an answer to an older query never shows for a newer one; `settled`
 * is false while the typed query has not been answered yet.
 */
export function useServerSearch(query: string) {
  const trimmed = query.trim();
  const debounced = useDebounced(trimmed, SEARCH_DEBOUNCE_MS);
  const result = useInfiniteQuery({
    queryKey: searchKeys.query(debounced),
    initialPageParam: null as string | null,
    queryFn: ({ signal, pageParam }) => {
      // Usage data counts searches, never what was searched.
      if (!pageParam) track("search");
      return api<ServerSearchResult>("search", { query: { q: debounced, limit: SERVER_LIMIT, cursor: pageParam }, signal });
    },
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    enabled: debounced.length > 0,
    staleTime: 30_000,
    retry: false,
  });
  // The pages as one result: items in rank order, each once.
  const data = useMemo((): ServerSearchResult | undefined => {
    const pages = result.data?.pages;
    if (!pages?.length) return undefined;
    const seen = new Set<string>();
    const items = pages.flatMap((page) => page.items).filter((item) => !seen.has(item.entries.id) && Boolean(seen.add(item.entries.id)));
    const total = pages[0]!.total;
    return total === undefined ? { items } : { items, total };
  }, [result.data]);
  // An answer counts only for the query on screen: while typing, older results are not shown.
  const current = debounced === trimmed;
  return {
    data: current ? data : undefined,
    error: current && result.isError ? result.error : null,
    loading: trimmed.length > 0 && (!current || (result.isFetching && !result.isFetchingNextPage)),
    hasMore: current && result.hasNextPage,
    loadingMore: result.isFetchingNextPage,
    loadMore: () => void result.fetchNextPage(),
  };
}
