import type { IdGenerator } from "@tidings/contracts";
import type { Database } from "../db/client.ts";
import { entriesStoreRepo } from "../features/entries/entries-store.repo.ts";
import { searchIndexRepo } from "../features/search/search-index.repo.ts";
import type { TimelineRepo } from "../timeline/timeline.repo.ts";
import { finalizeEntry, type PreparedEntry } from "./prepare-entries.ts";

export interface StoreResult {
  inserted: number;
  updated: number;
  unchanged: number;
}

/**
 * Stores one refresh of a feed. Entries the store already has with the same hash are left alone
 * (no sanitising, no write); new ones are inserted and delivered to the feed's readers, changed
 * ones rewritten in place keeping their id and date — all in one transaction. A re-run, or a run
 * after a crash, finds the same guids and duplicates nothing; two workers storing the same entry
 * at once leave one row ((feed, guid) is unique).
 */
export async function storeEntries(
  deps: { db: Database; ids: IdGenerator; timeline: TimelineRepo },
  feedId: string,
  prepared: PreparedEntry[],
  now: Date,
): Promise<StoreResult> {
  const { db, ids } = deps;
  const known = new Map(
    (await entriesStoreRepo.findByGuids(db, feedId, prepared.map((entry) => entry.guid))).map((row) => [row.guid, row]),
  );
  const fresh = prepared.filter((entry) => !known.has(entry.guid)).map(finalizeEntry);
  const changed = prepared
    .filter((entry) => {
      const stored = known.get(entry.guid);
      return stored !== undefined && stored.contentHash !== entry.contentHash;
    })
    .map((entry) => ({ id: known.get(entry.guid)!.id, row: finalizeEntry(entry) }));
  if (fresh.length === 0 && changed.length === 0) return { inserted: 0, updated: 0, unchanged: prepared.length };

  return db.transaction(async (tx) => {
    // Feeds list their newest entries first; ids are given oldest first, so that entries sharing a
    // publication time keep the feed's order in timelines (which break ties by id).
    const rows = [...fresh].reverse().map((entry) => ({ ...entry, id: ids.next(), feedId, insertedAt: now, updatedAt: now }));
    const insertedIds = await entriesStoreRepo.insertMany(tx, rows);
    for (const { id, row } of changed) {
      // The publication date stays: a publisher editing a post does not make it new.
      const { publishedAt: _kept, ...changes } = row;
      await entriesStoreRepo.update(tx, id, { ...changes, updatedAt: now });
    }
    // New and changed entries become searchable in the same transaction, in one statement.
    const inserted = new Set(insertedIds);
    await searchIndexRepo.indexEntries(tx, [
      ...rows.filter((row) => inserted.has(row.id)),
      ...changed.map(({ id, row }) => ({ ...row, id })),
    ]);
    await deps.timeline.deliverFeedEntries(tx, feedId, insertedIds, now);
    return { inserted: insertedIds.length, updated: changed.length, unchanged: prepared.length - fresh.length - changed.length };
  });
}
