import { sql } from "drizzle-orm";
import { rowsOf, type Database } from "../../db/client.ts";
import { SEARCH_DOCUMENT_VERSION } from "../../db/schema/index.ts";
import { createClaimLoop } from "../../lib/claim-loop.ts";
import { type Clock, systemClock } from "../../lib/clock.ts";
import type { Logger } from "../../lib/logger.ts";
import { searchIndexRepo } from "./search-index.repo.ts";

/** Documents rewritten per transaction. */
const BATCH = 200;
/** Rest between two batches, so that readers and refreshes keep the database's attention. */
const PAUSE_MS = 50;

/**
 * Rewrites the search documents made by an older version (schema/entry-search.ts) in the
 * background, a batch per transaction, oldest entries last, until none is left, on the shared
 * claim loop. Several processes on one PostgreSQL share the work: a batch's rows are claimed with
 * SKIP LOCKED for its transaction. The loop's one item is "a batch": claimed while this process has
 * not yet found the documents all rewritten (they cannot grow old again while it runs). Until its
 * document is rewritten an entry is searched by the one it has.
 */
export function createSearchReindexer(deps: { db: Database; logger: Logger; clock?: Clock }) {
  let done = false;
  let total = 0;

  /** Rewrites one batch; returns how many documents it rewrote. */
  async function reindexBatch(): Promise<number> {
    return deps.db.transaction(async (tx) => {
      const rows = rowsOf<{ id: string | number; title: string | null; description: string | null; content: string | null }>(
        await tx.execute(sql`
          SELECT e.id, e.title, e.description, e.content
          FROM entry_search es JOIN entries e ON e.id = es.entry_id
          WHERE es.version < ${SEARCH_DOCUMENT_VERSION}
          ORDER BY es.entry_id DESC LIMIT ${BATCH}
          FOR UPDATE OF es SKIP LOCKED`),
      );
      await searchIndexRepo.indexEntries(
        tx,
        rows.map((row) => ({ ...row, id: String(row.id) })),
      );
      return rows.length;
    });
  }

  const loop = createClaimLoop<"batch">({
    name: "search-reindex",
    claim: async () => (done ? [] : ["batch"]),
    async run() {
      const rewritten = await reindexBatch();
      total += rewritten;
      if (rewritten > 0) {
        await new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
        return;
      }
      done = true;
      if (total > 0) deps.logger.info({ documents: total }, "search documents rewritten");
    },
    concurrency: 1,
    // Nothing to look for once done: the documents of this version stay this version's.
    pollMs: 60 * 60_000,
    logger: deps.logger,
    clock: deps.clock ?? systemClock,
  });

  return {
    reindexBatch,
    /** Starts rewriting in the background (once). */
    start: () => loop.start(),
    /** Stops after the batch in hand. */
    stop: () => loop.stop(),
  };
}

export type SearchReindexer = ReturnType<typeof createSearchReindexer>;
