import type { FeedView } from "@tidings/contracts";
import { useTranslation } from "react-i18next";
import { type Source, useSources } from "../../store/sources.store.ts";
import { subscriptionTitle, useSubscriptions } from "../../store/subscriptions.store.ts";
import type { TimelineTarget } from "./route-selector.ts";

/** What the header shows for a timeline: its name and, for one feed, list or inbox, that source. */
export interface TimelineTitle {
  title: string;
  source: Source | null;
}

/**
 * The name of a timeline: the view's name for "all", the feed's (or several feeds') title, the
 * folder, list or inbox name, or "Starred". A followed source goes by the title the reader gave it.
 */
export function useTimelineTitle(view: FeedView, target: TimelineTarget): TimelineTitle {
  const { t } = useTranslation("app");
  const byKey = useSubscriptions((state) => state.byKey);
  const sources = useSources((state) => state.byId);
  const nameOf = (key: string): string => {
    const subscription = byKey[key];
    if (subscription) return subscriptionTitle(subscription);
    const source = sources[key];
    if (!source) return key;
    return source.title ?? ("url" in source ? source.url : source.id);
  };
  switch (target.kind) {
    case "all":
      return { title: t(`common:views.${view}`), source: null };
    case "starred":
      return { title: t("timeline.starred"), source: null };
    case "folder":
      return { title: target.category, source: null };
    case "feeds":
      return {
        title: target.feedIds.map(nameOf).join(", "),
        source: target.feedIds.length === 1 ? (sources[target.feedIds[0]!] ?? null) : null,
      };
    case "list":
      return { title: nameOf(target.listId), source: sources[target.listId] ?? null };
    case "inbox":
      return { title: nameOf(target.handle), source: sources[target.handle] ?? null };
  }
}
