import type { FeedSummary, InboxSummary, ListSummary, Subscription } from "@tidings/contracts";
import { create } from "zustand";

export type Source = FeedSummary | InboxSummary | ListSummary;

/**
 * Feeds, inboxes and lists the client has seen (from subscriptions and timeline pages), by id
 * (inboxes by handle). Entries name their source by id; rows look it up here.
 */
export const useSources = create<{ byId: Record<string, Source> }>(() => ({ byId: {} }));

export const sourcesActions = {
  upsert(sources: Source[]): void {
    if (sources.length === 0) return;
    useSources.setState((state) => {
      const byId = { ...state.byId };
      for (const source of sources) byId[source.id] = { ...byId[source.id], ...source } as Source;
      return { byId };
    });
  },

  /** The feeds, lists and inboxes of subscriptions (a list's feeds too). */
  fromSubscriptions(subscriptions: Subscription[]): Source[] {
    const sources: Source[] = [];
    for (const s of subscriptions) {
      if ("feeds" in s) sources.push(s.feeds);
      else if ("lists" in s) {
        sources.push(s.lists);
        for (const feed of s.lists.feeds ?? []) sources.push(feed);
      } else sources.push(s.inboxes);
    }
    return sources;
  },

  hydrate(sources: Source[]): void {
    useSources.setState((state) => {
      const byId = { ...state.byId };
      for (const source of sources) byId[source.id] ??= source;
      return { byId };
    });
  },

  clear(): void {
    useSources.setState({ byId: {} });
  },
};

/** A source by id (feed id, list id or inbox handle). */
export const useSource = (id: string | null | undefined) => useSources((state) => (id ? state.byId[id] : undefined));
