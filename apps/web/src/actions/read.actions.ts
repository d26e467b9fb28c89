import { queryClient } from "../lib/query-client-instance.ts";
import { api } from "../lib/api-client.ts";
import { useConnectivity } from "../lib/connectivity.ts";
import { reportError } from "../lib/notify.ts";
import { database } from "../db/database.ts";
import { guarded } from "../db/persistence.ts";
import { patchEntries } from "../db/entries.repo.ts";
import { adjustUnread } from "../db/unread.repo.ts";
import { unreadKeys } from "../queries/unread.ts";
import { entriesActions } from "../store/entries.store.ts";
import { unreadActions, useUnread } from "../store/unread.store.ts";
import { isNetworkFailure } from "./optimistic.ts";

/** Mark-read calls are coalesced: one POST per second at most (facts §8). */
export const READ_BATCH_MS = 1000;

type Change = { id: string; sourceKey: string; previous: boolean | null };

const pending = { read: new Map<string, Change>(), unread: new Map<string, Change>() };
let timer: ReturnType<typeof setTimeout> | null = null;

function countDeltas(changes: Change[], sign: 1 | -1): Record<string, number> {
  const deltas: Record<string, number> = {};
  for (const change of changes) deltas[change.sourceKey] = (deltas[change.sourceKey] ?? 0) + sign;
  return deltas;
}

function persistCounts(keys: string[]) {
  const counts = useUnread.getState().counts;
  return adjustUnread(Object.fromEntries(keys.map((key) => [key, counts[key] ?? 0])));
}

/** Sends what is pending; on failure, undoes it and tells the reader. Offline, it waits in the outbox. */
export async function flushReads(): Promise<void> {
  if (timer) clearTimeout(timer);
  timer = null;
  const batches = [
    { read: true, changes: [...pending.read.values()] },
    { read: false, changes: [...pending.unread.values()] },
  ];
  pending.read.clear();
  pending.unread.clear();
  for (const { read, changes } of batches) {
    if (changes.length === 0) continue;
    const entryIds = changes.map((change) => change.id);
    if (!useConnectivity.getState().online) {
      await guarded(() => database().outbox.add({ kind: read ? "read" : "unread", entryIds, createdAt: Date.now() }));
      continue;
    }
    try {
      if (read) await api("reads", { json: { entryIds } });
      else await api("reads", { method: "DELETE", json: { entryIds } });
      await patchEntries(entryIds.map((id) => ({ id, read })));
    } catch (error) {
      if (isNetworkFailure(error)) {
        // The connection dropped: the change stands and waits for it to come back.
        await guarded(() => database().outbox.add({ kind: read ? "read" : "unread", entryIds, createdAt: Date.now() }));
        await patchEntries(entryIds.map((id) => ({ id, read })));
        continue;
      }
      entriesActions.setRead(entryIds, !read);
      unreadActions.adjust(countDeltas(changes, read ? 1 : -1));
      reportError(error);
    }
  }
  // Lists and other sources of the same entries moved too: the server knows best.
  void queryClient().invalidateQueries({ queryKey: unreadKeys.all });
}

function schedule() {
  timer ??= setTimeout(() => void flushReads(), READ_BATCH_MS);
}

/**
 * Marks entries read (or unread) at once in the interface and the counts (never below 0); the
 * server hears of it within a second, batched. Unknown entries, entries already in that state and
 * entries of sources the reader does not follow are left alone (spec §4).
 */
export function setEntriesRead(ids: string[], read: boolean): void {
  const changes = entriesActions.setRead(ids, read);
  if (changes.length === 0) return;
  unreadActions.adjust(countDeltas(changes, read ? -1 : 1));
  void persistCounts([...new Set(changes.map((change) => change.sourceKey))]);
  const [into, from] = read ? [pending.read, pending.unread] : [pending.unread, pending.read];
  for (const change of changes) {
    // Read then unread within one batch cancels out.
    if (from.has(change.id)) from.delete(change.id);
    else into.set(change.id, change);
  }
  schedule();
}

export const markRead = (ids: string[]) => setEntriesRead(ids, true);
export const markUnread = (ids: string[]) => setEntriesRead(ids, false);
