import { sql } from "drizzle-orm";
import { rowsOf, type Database, type Executor } from "../../db/client.ts";
import { SEARCH_DOCUMENT_VERSION } from "../../db/schema/index.ts";
import { createClaimLoop } from "../../lib/claim-loop.ts";
import { type Clock, systemClock } from "../../lib/clock.ts";
import type { Logger } from "../../lib/logger.ts";
import { searchIndexRepo } from "./search-index.repo.ts";

/** Documents made per transaction. */
const BATCH = 200;
/** Rest between two batches, so that readers and refreshes keep the database's attention. */
const PAUSE_MS = 50;
/** Rest when the entries waiting are all in another process's batch. */
const BUSY_MS = 1000;
/**
 * How often the backlog is looked at when no refresh of this process told of new entries: those
 * another process stored (`cli refresh`, a second server) are indexed within about this long.
 */
const POLL_MS = 5_000;

type StoredEntry = { id: string | number; title: string | null; description: string | null; content: string | null };

/** Writes the documents of the given entries (those still stored), from what is stored. */
async function indexStored(tx: Executor, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  const rows = rowsOf<StoredEntry>(await tx.execute(sql`SELECT id, title, description, content FROM entries WHERE id = ANY(${`{${ids.join(",")}}`}::bigint[])`));
  await searchIndexRepo.indexEntries(
    tx,
    rows.map((row) => ({ ...row, id: String(row.id) })),
  );
}

/**
 * Makes the search documents the index waits for, in the background, a batch per transaction:
 * first those of the entries a refresh stored (the backlog, schema/entry-search.ts), newest first,
 * then those made by an older version of the documents, until none is left. Several processes on
 * one PostgreSQL share the work: a batch's rows are claimed with SKIP LOCKED for its transaction.
 * A refresh of this process wakes it (`wake`); entries stored elsewhere are found at the next poll.
 * Until its document is rewritten an entry of an older version is searched by the one it has; an
 * entry in the backlog is found once indexed, or by a search that indexes the newest waiting
 * entries first (`catchUp`).
 */
export function createSearchIndexer(deps: { db: Database; logger: Logger; clock?: Clock }) {
  let staleDone = false;
  let rewritten = 0;

  /** Indexes up to `limit` of the newest entries waiting in the backlog; answers how many it took off it. */
  async function indexBacklog(limit = BATCH): Promise<number> {
    return deps.db.transaction(async (tx) => {
      const taken = rowsOf<{ id: string | number }>(
        await tx.execute(sql`
          DELETE FROM entry_search_backlog WHERE entry_id IN (
            SELECT entry_id FROM entry_search_backlog ORDER BY entry_id DESC LIMIT ${limit} FOR UPDATE SKIP LOCKED)
          RETURNING entry_id AS id`),
      );
      await indexStored(
        tx,
        taken.map((row) => String(row.id)),
      );
      return taken.length;
    });
  }

  /** Rewrites one batch of documents of an older version; answers how many it rewrote. */
  async function reindexBatch(): Promise<number> {
    return deps.db.transaction(async (tx) => {
      const stale = rowsOf<{ id: string | number }>(
        await tx.execute(sql`
          SELECT es.entry_id AS id FROM entry_search es
          WHERE es.version < ${SEARCH_DOCUMENT_VERSION}
          ORDER BY es.entry_id DESC LIMIT ${BATCH}
          FOR UPDATE SKIP LOCKED`),
      );
      await indexStored(
        tx,
        stale.map((row) => String(row.id)),
      );
      return stale.length;
    });
  }

  const waiting = async () => rowsOf<{ waiting: boolean }>(await deps.db.execute(sql`SELECT EXISTS (SELECT 1 FROM entry_search_backlog) AS waiting`))[0]!.waiting;

  const loop = createClaimLoop<"backlog" | "stale">({
    name: "search-index",
    claim: async () => ((await waiting()) ? ["backlog"] : staleDone ? [] : ["stale"]),
    async run(item) {
      if (item === "backlog") {
        const taken = await indexBacklog();
        if (taken > 0) deps.logger.debug({ documents: taken }, "search documents made");
        // None taken: what waits is another process's batch under way; look again a little later.
        await new Promise((resolve) => setTimeout(resolve, taken > 0 ? PAUSE_MS : BUSY_MS));
        return;
      }
      const count = await reindexBatch();
      rewritten += count;
      if (count > 0) {
        await new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
        return;
      }
      // The documents of this version stay this version's: nothing more to look for.
      staleDone = true;
      if (rewritten > 0) deps.logger.info({ documents: rewritten }, "search documents rewritten");
    },
    concurrency: 1,
    pollMs: POLL_MS,
    logger: deps.logger,
    clock: deps.clock ?? systemClock,
  });

  return {
    indexBacklog,
    reindexBatch,
    /** Indexes the newest entries waiting, up to `limit`, before a search (so that it finds what was just stored). */
    catchUp: async (limit: number) => {
      // One look, outside a transaction, when nothing waits (most searches).
      if (await waiting()) await indexBacklog(limit);
    },
    /** Starts indexing in the background (once). */
    start: () => loop.start(),
    /** Entries were stored: index them now (in whichever thread of this process runs the loop). */
    wake: () => loop.wake(),
    /** Indexes everything waiting, until none is left; answers how many documents it made (tests, the CLI). */
    drain: async () => {
      let total = 0;
      for (let taken = await indexBacklog(); taken > 0; taken = await indexBacklog()) total += taken;
      return total;
    },
    /** Stops after the batch in hand. */
    stop: () => loop.stop(),
  };
}

export type SearchIndexer = ReturnType<typeof createSearchIndexer>;
