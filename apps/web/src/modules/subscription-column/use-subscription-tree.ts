import type { FeedView, Subscription } from "@tidings/contracts";
import { useMemo } from "react";
import { useGeneralSetting } from "../../store/settings.store.ts";
import { useSubscriptions } from "../../store/subscriptions.store.ts";
import { useUnread } from "../../store/unread.store.ts";
import type { TimelineTarget } from "../timeline/index.ts";
import { activeRowId, allFolders, buildSubscriptionTree, type SubscriptionTree, unreadByView } from "./subscription-tree.ts";

/** The column of a view from the stores and settings, with the row the route points at. */
export function useSubscriptionTree(
  view: FeedView,
  target: TimelineTarget | null,
): { tree: SubscriptionTree; activeId: string | null; subscriptions: Subscription[]; perView: Record<FeedView, number> } {
  const byKey = useSubscriptions((state) => state.byKey);
  const counts = useUnread((state) => state.counts);
  const autoGroup = useGeneralSetting("autoGroup");
  const hideRead = useGeneralSetting("hideAllReadSubscriptions");
  const targetKey = JSON.stringify(target);
  const subscriptions = useMemo(() => Object.values(byKey), [byKey]);
  return useMemo(() => {
    const activeId = activeRowId(JSON.parse(targetKey) as TimelineTarget | null, allFolders(subscriptions, view, autoGroup));
    const tree = buildSubscriptionTree(subscriptions, view, counts, { autoGroup, hideRead, activeId });
    return { tree, activeId, subscriptions, perView: unreadByView(subscriptions, counts) };
  }, [subscriptions, counts, view, autoGroup, hideRead, targetKey]);
}
