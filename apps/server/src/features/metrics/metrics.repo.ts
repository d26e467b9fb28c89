import { sql } from "drizzle-orm";
import { rowsOf, type Database } from "../../db/client.ts";
import { SEARCH_DOCUMENT_VERSION } from "../../db/schema/index.ts";
import { at } from "../../db/sql-helpers.ts";

/** Queue depths are counted up to this; a gauge at QUEUE_CAP + 1 reads "more than QUEUE_CAP". */
export const QUEUE_CAP = 10_000;

/** The work waiting in the database's queues, each counted up to {@link QUEUE_CAP} + 1. */
export interface QueueDepths {
  /** Feeds somebody reads whose next check is due (what the refresh scheduler claims from). */
  feedsDue: number;
  /** Webhook deliveries not yet delivered nor given up on (Actions). */
  webhooksPending: number;
  /** Search documents of an older version, waiting for the background re-index. */
  searchReindex: number;
  /** Stored entries waiting for their search documents (the background indexer's backlog). */
  searchIndex: number;
  /** Jobs of the durable queue (push, daily reports, periodic runs) due and not yet done. */
  jobsDue: number;
}

/**
 * The counts behind the queue gauges: one round trip, each count bounded by a LIMIT over the
 * index its queue is read through (feeds by next check; the partial indexes of pending deliveries
 * and stale documents, whose predicates are written out so that the planner uses them).
 */
export function createMetricsRepo(db: Database) {
  const limit = sql.raw(String(QUEUE_CAP + 1));
  return {
    async queueDepths(now: Date): Promise<QueueDepths> {
      const [row] = rowsOf<{ feeds_due: number | string; webhooks_pending: number | string; search_reindex: number | string; search_index: number | string; jobs_due: number | string }>(
        await db.execute(sql`SELECT
          (SELECT count(*)::int FROM (
            SELECT 1 FROM feeds f WHERE f.next_check_at <= ${at(now)}
              AND (EXISTS (SELECT 1 FROM subscriptions s WHERE s.feed_id = f.id) OR EXISTS (SELECT 1 FROM list_feeds lf WHERE lf.feed_id = f.id))
            LIMIT ${limit}) due) AS feeds_due,
          (SELECT count(*)::int FROM (SELECT 1 FROM webhook_deliveries WHERE status = 'pending' LIMIT ${limit}) pending) AS webhooks_pending,
          (SELECT count(*)::int FROM (SELECT 1 FROM entry_search WHERE version < ${sql.raw(String(SEARCH_DOCUMENT_VERSION))} LIMIT ${limit}) stale) AS search_reindex,
          (SELECT count(*)::int FROM (SELECT 1 FROM entry_search_backlog LIMIT ${limit}) waiting) AS search_index,
          (SELECT count(*)::int FROM (SELECT 1 FROM jobs WHERE status = 'pending' AND run_at <= ${at(now)} LIMIT ${limit}) due) AS jobs_due`),
      );
      return { feedsDue: Number(row?.feeds_due ?? 0), webhooksPending: Number(row?.webhooks_pending ?? 0), searchReindex: Number(row?.search_reindex ?? 0), searchIndex: Number(row?.search_index ?? 0), jobsDue: Number(row?.jobs_due ?? 0) };
    },
  };
}

export type MetricsRepo = ReturnType<typeof createMetricsRepo>;
