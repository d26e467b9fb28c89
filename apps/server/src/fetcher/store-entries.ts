import type { IdGenerator } from "@tidings/contracts";
import type { Database } from "../db/client.ts";
import { entriesStoreRepo } from "../features/entries/index.ts";
import type { TimelineRepo } from "../timeline/timeline.repo.ts";
import type { ReadEntry } from "./read-feed.ts";
import type { IngestActions } from "../ports.ts";

export interface StoreResult {
  inserted: number;
  updated: number;
  unchanged: number;
  /** What readers' rules left for after the commit. */
  followUp?: (() => void) | null;
}

/**
 * Stores one refresh of a feed (its entries read by read-feed.ts). Entries the store already has
 * with the same hash are left alone; new ones are inserted and delivered to the feed's readers,
 * changed ones rewritten in place keeping their id and date — all in one transaction, each kind
 * with its search documents in one statement. A re-run, or a run after a crash, finds the same guids and
 * duplicates nothing; two workers storing the same entry at once leave one row ((feed, guid) is
 * unique).
 */
export async function storeEntries(
  deps: { db: Database; ids: IdGenerator; timeline: TimelineRepo; actions?: IngestActions },
  feedId: string,
  prepared: ReadEntry[],
  now: Date,
): Promise<StoreResult> {
  const { db, ids } = deps;
  const known = new Map(
    (await entriesStoreRepo.findByGuids(db, feedId, prepared.map((entry) => entry.guid))).map((row) => [row.guid, row]),
  );
  const fresh: ReadEntry[] = [];
  const changed: { id: string; entry: ReadEntry }[] = [];
  for (const entry of prepared) {
    const stored = known.get(entry.guid);
    if (stored === undefined) fresh.push(entry);
    else if (stored.contentHash !== entry.contentHash) changed.push({ id: stored.id, entry });
  }
  if (fresh.length === 0 && changed.length === 0) return { inserted: 0, updated: 0, unchanged: prepared.length };

  // Feeds list their newest entries first; ids are given oldest first, so that entries sharing a
  // publication time keep the feed's order in timelines (which break ties by id).
  const rows = fresh.reverse().map(({ digest: _digest, ...entry }) => ({ ...entry, id: ids.next(), feedId, insertedAt: now, updatedAt: now }));
  // The publication date stays: a publisher editing a post does not make it new.
  const rewrites = changed.map(({ id, entry }) => {
    const { publishedAt: _kept, guid: _same, digest: _digest, ...row } = entry;
    return { ...row, id, updatedAt: now };
  });
  return db.transaction(async (tx) => {
    const insertedIds = await entriesStoreRepo.insertMany(tx, rows, { index: true });
    await entriesStoreRepo.rewriteMany(tx, rewrites);
    await deps.timeline.deliverFeedEntries(tx, feedId, insertedIds, now);
    const followUp = deps.actions && insertedIds.length > 0 ? await deps.actions.ingestThen(tx, insertedIds, now) : null;
    return { inserted: insertedIds.length, updated: changed.length, unchanged: prepared.length - fresh.length - changed.length, followUp };
  });
}
