import { api } from "../lib/api-client.ts";
import { database } from "../db/database.ts";
import { patchEntries } from "../db/entries.repo.ts";
import { guarded } from "../db/persistence.ts";
import { entriesActions, useEntries } from "../store/entries.store.ts";
import { optimistic } from "./optimistic.ts";

/**
 * Stars or unstars an entry (optimistic; rolled back with a toast when the server refuses).
 * Offline, the change stands and waits in the outbox for the connection.
 */
export function toggleStar(entryId: string, view: number): Promise<void> {
  const starred = useEntries.getState().byId[entryId]?.starredAt != null;
  const starredAt = starred ? null : new Date().toISOString();
  return optimistic({
    apply: () => entriesActions.setStarred(entryId, starredAt) ?? null,
    execute: () =>
      starred ? api("collections", { method: "DELETE", json: { entryId } }) : api("collections", { json: { entryId, view } }),
    rollback: (previous) => entriesActions.setStarred(entryId, previous),
    persist: () => patchEntries([{ id: entryId, starredAt }]),
    queue: () => guarded(() => database().outbox.add({ kind: starred ? "unstar" : "star", entryIds: [entryId], view, createdAt: Date.now() })),
  });
}
