import type { FeedSummary, FeedView, ListSummary } from "@tidings/contracts";
import i18next from "i18next";
import { useState } from "react";
import { toast } from "sonner";
import { subscribe, unsubscribe } from "../../actions/subscription.actions.ts";
import { api } from "../../lib/api-client.ts";
import { useSubscriptions } from "../../store/subscriptions.store.ts";
import { toastError } from "../toast/index.ts";

/** What a Follow button follows: a feed (into a view) or a list (into its own view). */
export type FollowTarget = { feed: FeedSummary; view: FeedView } | { list: ListSummary };

const keyOf = (target: FollowTarget) => ("feed" in target ? target.feed.id : target.list.id);
const titleOf = (target: FollowTarget) => ("feed" in target ? (target.feed.title ?? target.feed.url) : target.list.title);

export interface FollowToggle {
  followed: boolean;
  /** Subscribers, moved by one while a follow or unfollow is on its way. */
  count: number;
  pending: boolean;
  toggle: () => void;
}

/**
 * The Follow / Followed button of a discover card (facts §4): toggled at once, the subscriber
 * count ±1, undone with an error toast when the server refuses. Follows go through the follow
 * flow's `subscribe` (the sidebar shows the new feed); unfollows through `unsubscribe`. Without
 * `isSubscribed`, the subscriptions store says whether the reader follows it.
 */
export function useFollowToggle(target: FollowTarget, initial: { isSubscribed?: boolean; subscriptionCount: number }): FollowToggle {
  const key = keyOf(target);
  const inStore = useSubscriptions((state) => (state.loaded ? !!state.byKey[key] : null));
  const [override, setOverride] = useState<boolean | null>(null);
  const [pending, setPending] = useState(false);
  const base = inStore ?? initial.isSubscribed ?? false;
  const followed = override ?? base;
  // Whether the count the server gave includes the reader: as it said, or as it was when first shown.
  const [counted] = useState(() => initial.isSubscribed ?? base);
  const count = Math.max(0, initial.subscriptionCount + (followed ? 1 : 0) - (counted ? 1 : 0));

  const toggle = () => {
    if (pending) return;
    const next = !followed;
    setOverride(next);
    setPending(true);
    const request = next ? follow(target) : unfollow(target);
    request
      .then(() => {
        if (next) toast.success(i18next.t("app:discover.followed_toast", { title: titleOf(target) }));
        // Once the store knows, it decides (an unfollow from the sidebar shows here too).
        setOverride(useSubscriptions.getState().loaded ? null : next);
      })
      .catch((error: unknown) => {
        setOverride(null);
        if (next) toastError(error);
      })
      .finally(() => setPending(false));
  };

  return { followed, count, pending, toggle };
}

async function follow(target: FollowTarget): Promise<void> {
  if ("feed" in target) await subscribe({ url: target.feed.url, view: target.view });
  else await subscribe({ listId: target.list.id, view: target.list.view });
}

/** Unfollows through the store when the subscription is known there (optimistic, it reports failures itself). */
async function unfollow(target: FollowTarget): Promise<void> {
  const key = keyOf(target);
  if (useSubscriptions.getState().byKey[key]) return unsubscribe([key]);
  try {
    await api("subscriptions", { method: "DELETE", json: "feed" in target ? { feedIdList: [key] } : { listId: key } });
  } catch (error) {
    toastError(error);
    throw error;
  }
}
