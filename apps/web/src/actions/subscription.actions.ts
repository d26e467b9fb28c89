import type { FeedSummary, FeedView, Subscription } from "@tidings/contracts";
import { persistSubscriptions } from "../db/subscriptions.repo.ts";
import { api } from "../lib/api-client.ts";
import { queryClient } from "../lib/query-client-instance.ts";
import { track } from "../lib/telemetry/events.ts";
import { subscriptionKeys } from "../queries/subscriptions.ts";
import { timelineKeys } from "../queries/timeline.ts";
import { unreadKeys } from "../queries/unread.ts";
import { sourcesActions, useSources } from "../store/sources.store.ts";
import { subscriptionKey, subscriptionsActions, useSubscriptions } from "../store/subscriptions.store.ts";
import { optimistic } from "./optimistic.ts";

/** What can change on a subscription (spec §4): its view, category, privacy or title. */
export interface SubscriptionPatch {
  view?: FeedView;
  category?: string | null;
  isPrivate?: boolean;
  title?: string | null;
}

/** What the follow form sends (POST /subscriptions). */
export interface FollowInput {
  url?: string;
  listId?: string;
  view: FeedView;
  category?: string | null;
  isPrivate?: boolean;
  title?: string | null;
}

/** The request field naming a subscription: feedId, listId or inboxId (the inbox handle). */
export function subscriptionTarget(subscription: Subscription): { feedId: string } | { listId: string } | { inboxId: string } {
  if ("feedId" in subscription) return { feedId: subscription.feedId };
  if ("listId" in subscription) return { listId: subscription.listId };
  return { inboxId: subscription.inboxId };
}

const known = (keys: string[]) => keys.flatMap((key) => useSubscriptions.getState().byKey[key] ?? []);

/** Cleans a typed-in category or title the way the server will: trimmed, empty means none. */
const clean = (value: string | null | undefined) => (value === undefined ? undefined : value?.trim() || null);

function cleanPatch(patch: SubscriptionPatch): SubscriptionPatch {
  const result: SubscriptionPatch = { ...patch };
  if ("category" in patch) result.category = clean(patch.category) ?? null;
  if ("title" in patch) result.title = clean(patch.title) ?? null;
  return result;
}

/** Patches the given subscriptions in the store; answers what they were, for a rollback. */
function applyPatch(keys: string[], patch: SubscriptionPatch): Subscription[] {
  const previous = known(keys);
  for (const subscription of previous) subscriptionsActions.patch(subscriptionKey(subscription), patch);
  return previous;
}

/**
 * After the server agreed: the local database gets the new state, and the queries that depend on
 * it are asked again (a view change moves entries between timelines; an unfollow drops counts).
 */
async function persist(options: { timelines?: boolean; unread?: boolean } = {}): Promise<void> {
  await persistSubscriptions(Object.values(useSubscriptions.getState().byKey));
  const client = queryClient();
  await Promise.all([
    client.invalidateQueries({ queryKey: subscriptionKeys.all }),
    options.unread ? client.invalidateQueries({ queryKey: unreadKeys.all }) : null,
    options.timelines ? client.invalidateQueries({ queryKey: timelineKeys.all }) : null,
  ]);
}

/** Edits one subscription (feed, list or inbox): PATCH /subscriptions. */
export function updateSubscription(key: string, patch: SubscriptionPatch): Promise<void> {
  const subscription = useSubscriptions.getState().byKey[key];
  if (!subscription) return Promise.resolve();
  const body = cleanPatch(patch);
  return optimistic({
    apply: () => applyPatch([key], body),
    execute: () => api("subscriptions", { method: "PATCH", json: { ...subscriptionTarget(subscription), ...body } }),
    rollback: (previous) => subscriptionsActions.restore(previous),
    persist: () => persist({ timelines: body.view !== undefined || body.isPrivate !== undefined }),
  });
}

/** Moves or recategorises many feeds at once (multi-selection, a folder to another view): PATCH /subscriptions/batch. */
export function updateSubscriptions(feedIds: string[], patch: Pick<SubscriptionPatch, "view" | "category">): Promise<void> {
  if (feedIds.length === 0) return Promise.resolve();
  const body = cleanPatch(patch);
  return optimistic({
    apply: () => applyPatch(feedIds, body),
    execute: () => api("subscriptions/batch", { method: "PATCH", json: { feedIds, ...body } }),
    rollback: (previous) => subscriptionsActions.restore(previous),
    persist: () => persist({ timelines: body.view !== undefined }),
  });
}

/** Renames a folder: every feed of it gets the new category (PATCH /categories). */
export function renameCategory(feedIds: string[], category: string): Promise<void> {
  const name = clean(category) ?? null;
  if (feedIds.length === 0) return Promise.resolve();
  return optimistic({
    apply: () => applyPatch(feedIds, { category: name }),
    execute: () => api("categories", { method: "PATCH", json: { feedIdList: feedIds, category: name } }),
    rollback: (previous) => subscriptionsActions.restore(previous),
    persist: () => persist(),
  });
}

/**
 * Deletes a folder (DELETE /categories): its feeds stay, without a category (spec §4), or, with
 * `deleteSubscriptions`, are unfollowed too.
 */
export function deleteCategory(feedIds: string[], options: { deleteSubscriptions: boolean }): Promise<void> {
  if (feedIds.length === 0) return Promise.resolve();
  return optimistic({
    apply: () => (options.deleteSubscriptions ? subscriptionsActions.remove(feedIds) : applyPatch(feedIds, { category: null })),
    execute: () => api("categories", { method: "DELETE", json: { feedIdList: feedIds, deleteSubscriptions: options.deleteSubscriptions } }),
    rollback: (previous) => subscriptionsActions.restore(previous),
    persist: () => persist({ unread: options.deleteSubscriptions, timelines: options.deleteSubscriptions }),
  });
}

/**
 * Unfollows feeds, lists and inboxes (DELETE /subscriptions): feeds in one call with feedIdList,
 * each list and inbox in its own. All reappear when any call fails.
 */
export function unsubscribe(keys: string[]): Promise<void> {
  const subscriptions = known(keys);
  if (subscriptions.length === 0) return Promise.resolve();
  const feedIds = subscriptions.flatMap((s) => ("feedId" in s ? [s.feedId] : []));
  const others = subscriptions.filter((s) => !("feedId" in s));
  return optimistic({
    apply: () => subscriptionsActions.remove(subscriptions.map(subscriptionKey)),
    execute: () =>
      Promise.all([
        feedIds.length ? api("subscriptions", { method: "DELETE", json: { feedIdList: feedIds } }) : null,
        ...others.map((s) => api("subscriptions", { method: "DELETE", json: subscriptionTarget(s) })),
      ]),
    rollback: (previous) => subscriptionsActions.restore(previous),
    persist: () => persist({ unread: true, timelines: true }),
  });
}

function setFeedOwner(feedId: string, ownerUserId: string | null): string | null {
  const subscription = useSubscriptions.getState().byKey[feedId];
  const source = useSources.getState().byId[feedId];
  const previous = subscription && "feeds" in subscription ? subscription.feeds.ownerUserId : source?.type === "feed" ? source.ownerUserId : null;
  if (subscription && "feeds" in subscription) subscriptionsActions.patch(feedId, { feeds: { ...subscription.feeds, ownerUserId } } as Partial<Subscription>);
  if (source?.type === "feed") sourcesActions.upsert([{ ...source, ownerUserId } satisfies FeedSummary]);
  return previous;
}

/**
 * Claims a feed (POST /feeds/claim/challenge): the reader is shown as its owner at once and
 * stops being so when the server refuses (spec §4). The error is not toasted here: the claim
 * dialog shows it (2010 challenge failed, 4000 already claimed) where the reader is looking.
 */
export async function claimFeed(feedId: string, userId: string): Promise<void> {
  const previous = setFeedOwner(feedId, userId);
  try {
    await api("feeds/claim/challenge", { json: { feedId } });
  } catch (error) {
    setFeedOwner(feedId, previous);
    throw error;
  }
  await persistSubscriptions(Object.values(useSubscriptions.getState().byKey));
}

/**
 * Follows a feed (by URL) or a list (POST /subscriptions). Not optimistic: the server has to
 * fetch the feed first. The new subscription joins the store at once; the subscriptions and
 * unread counts are fetched again. Answers the new subscription (null when the server gave none).
 */
export async function subscribe(input: FollowInput): Promise<Subscription | null> {
  const body = {
    ...(input.url ? { url: input.url.trim() } : {}),
    ...(input.listId ? { listId: input.listId } : {}),
    view: input.view,
    category: clean(input.category) ?? null,
    isPrivate: input.isPrivate ?? false,
    title: clean(input.title) ?? null,
  };
  const created = await api<Subscription | null>("subscriptions", { json: body });
  track("subscribe", { view: input.view, type: input.listId ? "list" : "feed" });
  if (created) {
    subscriptionsActions.restore([created]);
    sourcesActions.upsert(sourcesActions.fromSubscriptions([created]));
  }
  await persist({ unread: true });
  return created ?? null;
}

/** Adds a feed to one of the reader's lists (POST /lists/feeds); 8003 when it is there already. */
export async function addFeedToList(listId: string, feedId: string): Promise<void> {
  await api("lists/feeds", { json: { listId, feedId } });
  await queryClient().invalidateQueries({ queryKey: ["lists"] });
}
