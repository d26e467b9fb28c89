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
 * changed ones rewritten in place keeping their id and date — in one statement with their search
 * documents (entriesStoreRepo.storeFeed), then the lists holding the feed and readers' rules, all
 * in one transaction. A re-run, or a run after a crash, finds the same guids and duplicates
 * nothing; two workers storing the same entry at once leave one row ((feed, guid) is unique).
 */
export async function storeEntries(
  deps: { db: Database; ids: IdGenerator; timeline: TimelineRepo; actions?: IngestActions },
  feedId: string,
  prepared: ReadEntry[],
  now: Date,
): Promise<StoreResult> {
  if (prepared.length === 0) return { inserted: 0, updated: 0, unchanged: 0 };
  // Feeds list their newest entries first; ids are given oldest first, so that entries sharing a
  // publication time keep the feed's order in timelines (which break ties by id). An entry found
  // stored keeps its own id (and its publication date: a publisher editing a post does not make
  // it new); the one it was given here is not used.
  const rows = [...prepared].reverse().map(({ digest: _digest, ...entry }) => ({ ...entry, id: deps.ids.next(), feedId, insertedAt: now, updatedAt: now }));
  return deps.db.transaction(async (tx) => {
    const stored = await entriesStoreRepo.storeFeed(tx, feedId, rows, {
      delivery: (inserted) => deps.timeline.feedDeliveryCtes(feedId, inserted, now),
      listed: deps.timeline.feedListed(feedId),
    });
    const { insertedIds, updated } = stored;
    if (stored.listed) await deps.timeline.deliverToLists(tx, feedId, insertedIds, now);
    const followUp = deps.actions && insertedIds.length > 0 ? await deps.actions.ingestThen(tx, insertedIds, now) : null;
    return { inserted: insertedIds.length, updated, unchanged: prepared.length - insertedIds.length - updated, followUp };
  });
}
