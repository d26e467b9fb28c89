import type { FeedView } from "@tidings/contracts";
import { useInfiniteQuery } from "@tanstack/react-query";
import { useEffect, useMemo } from "react";
import { saveTimelineChain, timelineChain, usableChain } from "../../db/timeline-chains.repo.ts";
import { type TimelineSelector, timelineKeyOf, timelineQuery } from "../../queries/timeline.ts";
import { useEntries } from "../../store/entries.store.ts";
import { useGeneralSetting } from "../../store/settings.store.ts";
import { useSources } from "../../store/sources.store.ts";
import { useSubscriptions } from "../../store/subscriptions.store.ts";
import { cachedEntryIds } from "./cached-entries.ts";
import { entrySourceKeys, selectorFor, type TimelineTarget } from "./route-selector.ts";

export interface TimelineEntries {
  /** Entry ids in timeline order. */
  ids: string[];
  /** Where the ids come from: the server's pages, or what the device holds (offline, first load). */
  origin: "server" | "cache";
  selector: TimelineSelector;
  /** The first page is on its way. */
  loading: boolean;
  /** The first page waits for the connection to come back. */
  paused: boolean;
  error: unknown;
  fetching: boolean;
  hasNextPage: boolean;
  fetchingNextPage: boolean;
  fetchNextPage: () => void;
  refetch: () => Promise<unknown>;
}

/**
 * The entries of a timeline: the server's pages (30 at a time, spec §7), or, until the first page
 * arrives or when it cannot, the matching entries already on the device, newest first. The local
 * list is taken once per timeline, so entries marked read meanwhile do not jump out of it; the
 * server's list likewise keeps them until the next refetch (facts §7).
 */
export function useTimelineEntries(view: FeedView, target: TimelineTarget): TimelineEntries {
  const byKey = useSubscriptions((state) => state.byKey);
  const sources = useSources((state) => state.byId);
  const unreadOnly = useGeneralSetting("unreadOnly");
  const excludePrivate = useGeneralSetting("hidePrivateSubscriptionsInTimeline");
  const subscriptions = useMemo(() => Object.values(byKey), [byKey]);
  const selector = useMemo(() => selectorFor(target, view, subscriptions, { unreadOnly, excludePrivate }), [target, view, subscriptions, unreadOnly, excludePrivate]);
  const enabled = target.kind !== "folder" || (selector.feedIds?.length ?? 0) > 0;
  const query = useInfiniteQuery({ ...timelineQuery(selector), enabled });

  const chainKey = useMemo(() => timelineKeyOf(selector), [selector]);
  const serverIds = useMemo(() => (query.data ? [...new Set(query.data.pages.flatMap((page) => page.ids))] : null), [query.data]);
  const hasServerIds = serverIds !== null;
  // The server's order is remembered per timeline with its cursors, for the next time it is
  // shown before (or without) the network.
  useEffect(() => {
    const pages = query.data?.pages;
    if (!pages?.length) return;
    void saveTimelineChain(chainKey, { ids: pages.flatMap((page) => page.ids), cursors: pages.flatMap((page) => page.cursors), nextCursor: pages.at(-1)!.nextCursor });
  }, [chainKey, query.data]);
  const sourceKeys = useMemo(() => entrySourceKeys(target, subscriptions, view, sources), [target, subscriptions, view, sources]);
  const sourceKeysKey = sourceKeys.join(",");
  const starred = target.kind === "starred";
  const cachedIds = useMemo(() => {
    if (hasServerIds) return [];
    const byId = useEntries.getState().byId;
    // The remembered server order when the device still holds its entries; else what it holds, newest first.
    const chain = timelineChain(chainKey);
    const remembered = chain ? usableChain(chain, (id) => byId[id] !== undefined).ids : [];
    if (remembered.length > 0) return remembered;
    return cachedEntryIds(byId, sourceKeysKey ? sourceKeysKey.split(",") : [], { unreadOnly, starred });
  }, [hasServerIds, chainKey, sourceKeysKey, unreadOnly, starred]);

  return {
    ids: serverIds ?? cachedIds,
    origin: serverIds ? "server" : "cache",
    selector,
    loading: !serverIds && query.fetchStatus === "fetching",
    paused: !serverIds && query.fetchStatus === "paused",
    error: query.error,
    fetching: query.isFetching,
    hasNextPage: query.hasNextPage,
    fetchingNextPage: query.isFetchingNextPage,
    fetchNextPage: () => void query.fetchNextPage(),
    refetch: () => query.refetch(),
  };
}
