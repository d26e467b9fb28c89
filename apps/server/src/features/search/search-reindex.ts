import { sql } from "drizzle-orm";
import { rowsOf, type Database } from "../../db/client.ts";
import { SEARCH_DOCUMENT_VERSION } from "../../db/schema/index.ts";
import type { Logger } from "../../lib/logger.ts";
import { searchIndexRepo } from "./search-index.repo.ts";

/** Documents rewritten per transaction. */
const BATCH = 200;
/** Rest between two batches, so that readers and refreshes keep the database's attention. */
const PAUSE_MS = 50;

/**
 * Rewrites the search documents made by an older version (schema/entry-search.ts) in the
 * background, a batch per transaction, oldest entries last, until none is left; several
 * processes on one PostgreSQL share the work (rows are claimed with SKIP LOCKED). Until its
 * document is rewritten an entry is searched by the one it has.
 */
export function createSearchReindexer(deps: { db: Database; logger: Logger }) {
  let running = false;
  let loop: Promise<void> | null = null;

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

  async function run() {
    let total = 0;
    try {
      for (;;) {
        if (!running) return;
        const done = await reindexBatch();
        if (done === 0) break;
        total += done;
        await new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
      }
      if (total > 0) deps.logger.info({ documents: total }, "search documents rewritten");
    } catch (error) {
      deps.logger.error({ err: error, documents: total }, "rewriting search documents failed; the next start goes on");
    }
  }

  return {
    reindexBatch,
    /** Starts rewriting in the background (once). */
    start(): void {
      if (running) return;
      running = true;
      loop = run();
    },
    /** Stops after the batch in hand. */
    async stop(): Promise<void> {
      running = false;
      await loop;
    },
  };
}

export type SearchReindexer = ReturnType<typeof createSearchReindexer>;
