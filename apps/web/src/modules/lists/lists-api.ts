import { ErrorCode, errorMessage, type FeedSummary, type FeedView, type ListSummary } from "@tidings/contracts";
import { queryOptions } from "@tanstack/react-query";
import { subscribe, unsubscribe } from "../../actions/subscription.actions.ts";
import { api, ApiError } from "../../lib/api-client.ts";
import { queryClient } from "../../lib/query-client-instance.ts";
import { useSubscriptions } from "../../store/subscriptions.store.ts";

/** The fields of a list the owner edits (POST and PATCH /lists). */
export interface ListFields {
  title: string;
  description: string;
  image: string;
  view: FeedView;
  /** What following it costs other readers, once, in whole POWER; absent: not sent (a new list is free, an edit keeps it). */
  fee?: number;
}

/** GET /lists/list: the reader's own lists (the key the "add to list" menu shares). */
export const ownedListsQuery = queryOptions({
  queryKey: ["lists", "owned"] as const,
  queryFn: () => api<ListSummary[]>("lists/list"),
});

/** GET /lists?listId: one list with its feeds. */
export const listDetailsQuery = (listId: string) =>
  queryOptions({
    queryKey: ["lists", "details", listId] as const,
    queryFn: () => api<{ list: ListSummary; subscriptionCount: number }>("lists", { query: { listId } }),
  });

/** Every list query (owned lists, details, the menu's) is asked again. */
const refresh = () => queryClient().invalidateQueries({ queryKey: ["lists"] });

/** The body of POST/PATCH /lists: trimmed, and an empty description or image clears it; the fee when given. */
export function listBody(fields: ListFields) {
  return {
    title: fields.title.trim(),
    description: fields.description.trim(),
    image: fields.image.trim(),
    view: fields.view,
    ...(fields.fee !== undefined ? { fee: fields.fee } : {}),
  };
}

/** POST /lists: a new list, empty. */
export async function createList(fields: ListFields): Promise<ListSummary> {
  const list = await api<ListSummary>("lists", { json: listBody(fields) });
  await refresh();
  return list;
}

/** PATCH /lists: the list's title, description, image, view and (when given) fee. */
export async function updateList(listId: string, fields: ListFields): Promise<ListSummary> {
  const list = await api<ListSummary>("lists", { method: "PATCH", json: { listId, ...listBody(fields) } });
  await refresh();
  return list;
}

/** Whether the reader follows the list (it is in their subscriptions). */
export function followsList(listId: string): boolean {
  return Boolean(useSubscriptions.getState().byKey[listId]);
}

/**
 * DELETE /lists. A list someone follows cannot go (8xxx): the owner's own subscription is dropped
 * first, so only other followers keep a list alive.
 */
export async function deleteList(listId: string): Promise<void> {
  const mine = followsList(listId);
  if (mine) {
    // Other followers keep the list: refuse before the owner's own follow is dropped for nothing.
    const { subscriptionCount } = await api<{ subscriptionCount: number }>("lists", { query: { listId } });
    if (subscriptionCount > 1) {
      const code = ErrorCode.ListHasSubscriptions;
      throw new ApiError({ method: "DELETE", url: "/api/lists", status: 400, body: { code, message: errorMessage(code) } });
    }
    await unsubscribe([listId]);
  }
  await api("lists", { method: "DELETE", json: { listId } });
  await refresh();
}

/** Follows the reader's own list in its view, so its timeline shows in the column. */
export async function followList(list: ListSummary): Promise<void> {
  await subscribe({ listId: list.id, view: list.view });
  await refresh();
}

/** POST /lists/feeds: adds feeds (all or none). */
export async function addFeeds(listId: string, feedIds: string[]): Promise<FeedSummary[]> {
  const feeds = await api<FeedSummary[]>("lists/feeds", { json: { listId, feedIds } });
  await refresh();
  return feeds;
}

/** DELETE /lists/feeds: removes one feed and its entries from the list. */
export async function removeFeed(listId: string, feedId: string): Promise<void> {
  await api("lists/feeds", { method: "DELETE", json: { listId, feedId } });
  await refresh();
}
