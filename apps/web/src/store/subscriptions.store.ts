import type { FeedView, Subscription } from "@tidings/contracts";
import { create } from "zustand";

/** The key a subscription is known by: feed id, list id or inbox handle. */
export function subscriptionKey(subscription: Subscription): string {
  if ("feedId" in subscription) return subscription.feedId;
  if ("listId" in subscription) return subscription.listId;
  return subscription.inboxId;
}

export function subscriptionTitle(subscription: Subscription): string {
  if (subscription.title) return subscription.title;
  if ("feeds" in subscription) return subscription.feeds.title ?? subscription.feeds.url;
  if ("lists" in subscription) return subscription.lists.title;
  return subscription.inboxes.title ?? subscription.inboxes.id;
}

interface SubscriptionsState {
  byKey: Record<string, Subscription>;
  loaded: boolean;
}

/** What the reader follows, by key. */
export const useSubscriptions = create<SubscriptionsState>(() => ({ byKey: {}, loaded: false }));

export const subscriptionsActions = {
  replace(subscriptions: Subscription[]): void {
    useSubscriptions.setState({ byKey: Object.fromEntries(subscriptions.map((s) => [subscriptionKey(s), s])), loaded: true });
  },

  hydrate(subscriptions: Subscription[]): void {
    useSubscriptions.setState((state) => (state.loaded ? state : { byKey: Object.fromEntries(subscriptions.map((s) => [subscriptionKey(s), s])), loaded: false }));
  },

  patch(key: string, patch: Partial<Subscription>): Subscription | undefined {
    const previous = useSubscriptions.getState().byKey[key];
    if (previous) useSubscriptions.setState((state) => ({ byKey: { ...state.byKey, [key]: { ...previous, ...patch } as Subscription } }));
    return previous;
  },

  remove(keys: string[]): Subscription[] {
    const removed: Subscription[] = [];
    useSubscriptions.setState((state) => {
      const byKey = { ...state.byKey };
      for (const key of keys) {
        if (byKey[key]) removed.push(byKey[key]);
        delete byKey[key];
      }
      return { byKey };
    });
    return removed;
  },

  restore(subscriptions: Subscription[]): void {
    useSubscriptions.setState((state) => ({ byKey: { ...state.byKey, ...Object.fromEntries(subscriptions.map((s) => [subscriptionKey(s), s])) } }));
  },

  clear(): void {
    useSubscriptions.setState({ byKey: {}, loaded: false });
  },
};

/** The subscriptions of one view. */
export function subscriptionsInView(byKey: Record<string, Subscription>, view: FeedView): Subscription[] {
  return Object.values(byKey).filter((s) => s.view === view);
}
