import type { IdGenerator } from "@tidings/contracts";
import { type SQL, sql } from "drizzle-orm";
import type { Database, Executor } from "../db/client.ts";
import { entriesStoreRepo, type NewEntry } from "../features/entries/index.ts";
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

/** The feed's new state, as a statement written with its entries where the condition given holds (FeedsRepo.updateAndRecountStatement). */
export type FeedState = (when: SQL) => SQL;

export interface StoreDeps {
  db: Database;
  ids: IdGenerator;
  timeline: TimelineRepo;
  actions?: IngestActions;
  /**
   * Feeds whose last store needed a transaction (a list holds them, a reader's rules or a device
   * wait for their entries): their next store starts with one. The refresher keeps one set for
   * its life; without it, every store first tries the statement alone.
   */
  involved?: Set<string>;
}

/**
 * Stores one refresh of a feed (its entries read by read-feed.ts). Entries the store already has
 * with the same hash are left alone; new ones are inserted and delivered to the feed's readers,
 * changed ones rewritten in place keeping their id and date — in one statement
 * (entriesStoreRepo.storeFeed), then the lists holding the feed and readers' rules, all in one
 * transaction, with the feed's new state (`feedState`: its item digests are written with the
 * entries they stand for, never before). A re-run, or a run after a crash, finds the same guids and duplicates nothing; two
 * workers storing the same entry at once leave one row ((feed, guid) is unique).
 *
 * Most feeds are in no list and reach no reader's rules, and nobody has a device to notify: that
 * statement is then the whole store, sent alone, without BEGIN, the rules' and the devices'
 * probes and COMMIT (five round trips fewer per feed). It checks so itself, in its snapshot, and
 * writes nothing when it finds otherwise; the store then runs in a transaction, and the feed's
 * next stores start there while that lasts.
 */
export async function storeEntries(deps: StoreDeps, feedId: string, prepared: ReadEntry[], now: Date, feedState?: FeedState): Promise<StoreResult> {
  if (prepared.length === 0) {
    if (feedState) await deps.db.execute(feedState(sql`true`));
    return { inserted: 0, updated: 0, unchanged: 0 };
  }
  // Feeds list their newest entries first; ids are given oldest first, so that entries sharing a
  // publication time keep the feed's order in timelines (which break ties by id). An entry found
  // stored keeps its own id (and its publication date: a publisher editing a post does not make
  // it new); the one it was given here is not used.
  const rows = [...prepared].reverse().map(({ digest: _digest, ...entry }) => ({ ...entry, id: deps.ids.next(), feedId, insertedAt: now, updatedAt: now }));
  const involved = deps.involved ?? new Set<string>();
  const result = (inserted: string[], updated: number, followUp: StoreResult["followUp"] = null): StoreResult => ({
    inserted: inserted.length,
    updated,
    unchanged: prepared.length - inserted.length - updated,
    followUp,
  });
  if (!involved.has(feedId)) {
    const alone = await store(deps, deps.db, { feedId, rows, now, feedState }, true);
    if (alone.stored) return result(alone.insertedIds, alone.updated);
  }
  return deps.db.transaction(async (tx) => {
    const stored = await store(deps, tx, { feedId, rows, now, feedState }, false);
    if (stored.listed || stored.busy) involved.add(feedId);
    else involved.delete(feedId);
    const { insertedIds, updated } = stored;
    if (stored.listed) await deps.timeline.deliverToLists(tx, feedId, insertedIds, now);
    const followUp = deps.actions && insertedIds.length > 0 ? await deps.actions.ingestThen(tx, insertedIds, now) : null;
    return result(insertedIds, updated, followUp);
  });
}

function store(deps: StoreDeps, executor: Executor, what: { feedId: string; rows: NewEntry[]; now: Date; feedState: FeedState | undefined }, alone: boolean) {
  const { feedId, rows, now, feedState } = what;
  return entriesStoreRepo.storeFeed(executor, feedId, rows, {
    delivery: (inserted) => deps.timeline.feedDeliveryCtes(feedId, inserted, now),
    listed: deps.timeline.feedListed(feedId),
    busy: deps.actions?.busyIf(feedId) ?? [],
    alone,
    feedState,
  });
}
