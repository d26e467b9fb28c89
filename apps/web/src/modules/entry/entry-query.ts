import type { TimelineItem } from "@tidings/contracts";
import { ErrorCode } from "@tidings/contracts";
import { useQuery } from "@tanstack/react-query";
import { forgetEntries, persistItems } from "../../db/entries.repo.ts";
import { persistSources } from "../../db/sources.repo.ts";
import { ApiError, api } from "../../lib/api-client.ts";
import { useConnectivity } from "../../lib/connectivity.ts";
import { entriesActions, type EntryState, useEntries } from "../../store/entries.store.ts";
import { sourcesActions } from "../../store/sources.store.ts";

/** The marker of an entry that is not stored yet (spec §2). */
export const PENDING_ENTRY_ID = "pending";

export const entryKeys = {
  one: (id: string) => ["entry", id] as const,
  readers: (id: string, size: number) => ["entry", id, "readers", size] as const,
};

const isNotFound = (error: unknown) => error instanceof ApiError && (error.code === ErrorCode.EntryNotFound || error.status === 404);

/**
 * GET /entries?id=: one entry with its content. It joins the stores and the local database like
 * a timeline page; a read mark made locally while the request was out is kept (the server hears
 * of it within a second and would otherwise be contradicted by this older answer).
 */
export async function fetchEntry(entryId: string, signal?: AbortSignal): Promise<TimelineItem> {
  let item: TimelineItem;
  try {
    item = await api<TimelineItem>("entries", { query: { id: entryId }, ...(signal ? { signal } : {}) });
  } catch (error) {
    // Not found for this reader (blocked by one of their Actions, or deleted): a copy kept on
    // the device is forgotten, so no list shows it again.
    if (isNotFound(error)) {
      entriesActions.remove([entryId]);
      void forgetEntries([entryId]);
    }
    throw error;
  }
  const readLocally = useEntries.getState().byId[entryId]?.read === true;
  sourcesActions.upsert([item.feeds]);
  entriesActions.upsertItems([item]);
  if (readLocally && item.read === false) entriesActions.setRead([entryId], true);
  void persistItems([{ ...item, read: readLocally ? true : item.read }]);
  void persistSources([item.feeds]);
  return item;
}

export type EntryLoadStatus = "pending" | "ready" | "loading" | "offline" | "not-found" | "error";

/**
 * The entry a reader shows: what the store holds, fetched from the server when it is unknown or
 * its content has not been loaded. Offline, the stored copy is all there is.
 */
export function useEntryLoader(entryId: string): { state: EntryState | undefined; status: EntryLoadStatus; retry: () => void } {
  const state = useEntries((s) => s.byId[entryId]);
  const online = useConnectivity((s) => s.online);
  const pending = entryId === PENDING_ENTRY_ID;
  const needsFetch = !pending && (!state || state.entry.content === undefined);
  const query = useQuery({
    queryKey: entryKeys.one(entryId),
    queryFn: ({ signal }) => fetchEntry(entryId, signal),
    enabled: needsFetch && online,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const retry = () => void query.refetch();
  if (pending) return { state: undefined, status: "pending", retry };
  if (state && state.entry.content !== undefined) return { state, status: "ready", retry };
  if (query.isError) return { state, status: isNotFound(query.error) ? "not-found" : "error", retry };
  if (!online) return { state, status: "offline", retry };
  return { state, status: "loading", retry };
}
