import type { ActionRule } from "@tidings/contracts";
import { type SQL, sql } from "drizzle-orm";
import { rowsOf, type Database, type Executor } from "../../db/client.ts";
import { at, idSet } from "../../db/sql-helpers.ts";

/** A reader's stored rules. */
export interface StoredActions {
  rules: ActionRule[];
  webhookSecret: string;
  updatedAt: Date;
}

/** An entry with what rules look at, as it reached one reader. */
export interface ActionEntryRow {
  user_id: string;
  entry_id: string;
  source_id: string;
  source_type: "feed" | "list" | "inbox";
  view: number;
  feed_id: string | null;
  feed_title: string | null;
  category: string | null;
  site_url: string | null;
  feed_url: string | null;
  title: string | null;
  content: string | null;
  url: string | null;
  author: string | null;
  media_length: number;
  published_at: string | Date;
}

/** A webhook delivery, as the log shows it. */
export interface DeliveryRow {
  id: string;
  entry_id: string | null;
  rule: string;
  url: string;
  status: "pending" | "delivered" | "failed";
  attempts: number;
  last_status: number | null;
  last_error: string | null;
  created_at: string | Date;
  delivered_at: string | Date | null;
  next_attempt_at: string | Date;
}

/** A delivery to make now, claimed by this process until `leasedUntil`. */
export interface DueDelivery {
  id: string;
  user_id: string;
  url: string;
  payload: string;
  attempts: number;
  webhook_secret: string;
  leasedUntil: Date;
}

// The columns rules look at, for timeline rows `t` of entries `e` (feed `f`, subscription `s`).
const SUBJECT_COLUMNS = sql`t.user_id, t.entry_id, t.source_id, t.source_type, t.view, e.feed_id,
  coalesce(s.title, f.title) AS feed_title, s.category, f.site_url, f.url AS feed_url,
  e.title, e.content, e.url, e.author, coalesce(jsonb_array_length(e.media), 0) AS media_length, e.published_at`;
const SUBJECT_JOINS = sql`JOIN entries e ON e.id = t.entry_id
  LEFT JOIN feeds f ON f.id = e.feed_id
  LEFT JOIN subscriptions s ON s.user_id = t.user_id AND s.target_id = t.source_id`;

const asRow = (row: ActionEntryRow): ActionEntryRow => ({ ...row, entry_id: String(row.entry_id), source_id: String(row.source_id), feed_id: row.feed_id === null ? null : String(row.feed_id), media_length: Number(row.media_length), view: Number(row.view) });

export function createActionsRepo(db: Database) {
  return {
    /** A reader's rules (`executor`: a transaction the read belongs to). */
    async find(userId: string, executor: Executor = db): Promise<StoredActions | null> {
      const [row] = rowsOf<{ rules: ActionRule[]; webhook_secret: string; updated_at: string | Date }>(
        await executor.execute(sql`SELECT rules, webhook_secret, updated_at FROM actions WHERE user_id = ${userId}`),
      );
      return row ? { rules: row.rules, webhookSecret: row.webhook_secret, updatedAt: new Date(row.updated_at) } : null;
    },

    /** Writes a reader's rules whole (a new secret only for the first write). */
    async save(userId: string, rules: ActionRule[], secret: string, now: Date): Promise<StoredActions> {
      const [row] = rowsOf<{ rules: ActionRule[]; webhook_secret: string; updated_at: string | Date }>(
        await db.execute(sql`
          INSERT INTO actions (user_id, rules, webhook_secret, updated_at) VALUES (${userId}, ${JSON.stringify(rules)}::jsonb, ${secret}, ${at(now)})
          ON CONFLICT (user_id) DO UPDATE SET rules = excluded.rules, updated_at = excluded.updated_at
          RETURNING rules, webhook_secret, updated_at`),
      );
      return { rules: row!.rules, webhookSecret: row!.webhook_secret, updatedAt: new Date(row!.updated_at) };
    },

    /**
     * Whether a reader who follows feed `feedId` has rules (an SQL condition): when not, its new
     * entries reach nobody's rules directly (a list holding the feed is the caller's to ask).
     */
    rulesReachFeed(feedId: string): SQL {
      return sql`EXISTS (SELECT 1 FROM subscriptions s JOIN actions a ON a.user_id = s.user_id WHERE s.feed_id = ${feedId} AND jsonb_array_length(a.rules) > 0)`;
    },

    /** Readers with at least one rule among those `entryIds` were just delivered to: their rules. */
    async rulesOfReaders(executor: Executor, entryIds: string[]): Promise<Map<string, StoredActions>> {
      if (entryIds.length === 0) return new Map();
      const rows = rowsOf<{ user_id: string; rules: ActionRule[]; webhook_secret: string; updated_at: string | Date }>(
        await executor.execute(sql`
          SELECT a.user_id, a.rules, a.webhook_secret, a.updated_at FROM actions a
          WHERE jsonb_array_length(a.rules) > 0
            AND EXISTS (SELECT 1 FROM timeline t WHERE t.user_id = a.user_id AND t.entry_id IN ${idSet(entryIds)})`),
      );
      return new Map(rows.map((row) => [row.user_id, { rules: row.rules, webhookSecret: row.webhook_secret, updatedAt: new Date(row.updated_at) }]));
    },

    /** The timeline rows of `entryIds` for `userIds`, with what rules look at. */
    async deliveredTo(executor: Executor, userIds: string[], entryIds: string[]): Promise<ActionEntryRow[]> {
      if (userIds.length === 0 || entryIds.length === 0) return [];
      return rowsOf<ActionEntryRow>(
        await executor.execute(sql`
          SELECT ${SUBJECT_COLUMNS} FROM timeline t ${SUBJECT_JOINS}
          WHERE t.user_id IN (SELECT jsonb_array_elements_text(${JSON.stringify(userIds)}::jsonb)) AND t.entry_id IN ${idSet(entryIds)}`),
      ).map(asRow);
    },

    /** The timeline rows a reader was given at `insertedAt` (one delivery, e.g. a backfill), with what rules look at. */
    async deliveredAt(executor: Executor, userId: string, insertedAt: Date): Promise<ActionEntryRow[]> {
      return rowsOf<ActionEntryRow>(
        await executor.execute(sql`
          SELECT ${SUBJECT_COLUMNS} FROM timeline t ${SUBJECT_JOINS}
          WHERE t.user_id = ${userId} AND t.inserted_at = ${at(insertedAt)}`),
      ).map(asRow);
    },

    /** A reader's newest timeline rows (one per entry), with what rules look at. */
    async recent(userId: string, limit: number): Promise<ActionEntryRow[]> {
      return rowsOf<ActionEntryRow>(
        await db.execute(sql`
          SELECT DISTINCT ON (t.published_at, t.entry_id) ${SUBJECT_COLUMNS}
          FROM (SELECT * FROM timeline WHERE user_id = ${userId} ORDER BY published_at DESC, entry_id DESC LIMIT ${limit * 2}) t ${SUBJECT_JOINS}
          ORDER BY t.published_at DESC, t.entry_id DESC LIMIT ${limit}`),
      ).map(asRow);
    },

    /** What rules look at for entries a reader is shown (`sources`: entry id → the source it came by). */
    async subjectsOf(userId: string, entryIds: string[]): Promise<ActionEntryRow[]> {
      if (entryIds.length === 0) return [];
      return rowsOf<ActionEntryRow>(
        await db.execute(sql`
          SELECT ${userId}::text AS user_id, e.id AS entry_id, coalesce(s.target_id, e.feed_id, e.inbox_id) AS source_id,
            s.type AS source_type, coalesce(s.view, 0) AS view, e.feed_id, coalesce(s.title, f.title) AS feed_title, s.category,
            f.site_url, f.url AS feed_url, e.title, e.content, e.url, e.author,
            coalesce(jsonb_array_length(e.media), 0) AS media_length, e.published_at
          FROM entries e LEFT JOIN feeds f ON f.id = e.feed_id
          LEFT JOIN subscriptions s ON s.user_id = ${userId} AND s.target_id = coalesce(e.feed_id, e.inbox_id)
          WHERE e.id IN ${idSet(entryIds)}`),
      ).map(asRow);
    },

    /**
     * Blocks entries for one reader: records the block (which every listing and delivery
     * honours, see schema/blocked-entries.ts), and removes the reader's own rows of the entries:
     * their timeline rows (every source), lowering the counts of unread ones, and their stars
     * (a rule applied to existing entries may block one starred before).
     */
    async block(executor: Executor, userId: string, entryIds: string[], now: Date): Promise<void> {
      if (entryIds.length === 0) return;
      await executor.execute(sql`
        INSERT INTO blocked_entries (user_id, entry_id, blocked_at) SELECT ${userId}, x.id, ${at(now)} FROM ${idSet(entryIds)} AS x(id)
        ON CONFLICT DO NOTHING`);
      await executor.execute(sql`
        WITH gone AS (
          DELETE FROM unread_entries WHERE user_id = ${userId} AND entry_id IN ${idSet(entryIds)} RETURNING source_id
        ), moved AS (SELECT source_id, count(*)::int AS n FROM gone GROUP BY source_id)
        UPDATE unread_counts c SET count = GREATEST(c.count - moved.n, 0) FROM moved WHERE c.user_id = ${userId} AND c.source_id = moved.source_id`);
      await executor.execute(sql`DELETE FROM timeline WHERE user_id = ${userId} AND entry_id IN ${idSet(entryIds)}`);
      await executor.execute(sql`DELETE FROM collections WHERE user_id = ${userId} AND entry_id IN ${idSet(entryIds)}`);
    },

    /** Marks entries read for one reader without a read mark (silenced: nobody read them). */
    async silence(executor: Executor, userId: string, entryIds: string[]): Promise<void> {
      if (entryIds.length === 0) return;
      await executor.execute(sql`
        WITH gone AS (
          DELETE FROM unread_entries WHERE user_id = ${userId} AND entry_id IN ${idSet(entryIds)} RETURNING source_id
        ), moved AS (SELECT source_id, count(*)::int AS n FROM gone GROUP BY source_id)
        UPDATE unread_counts c SET count = GREATEST(c.count - moved.n, 0) FROM moved WHERE c.user_id = ${userId} AND c.source_id = moved.source_id`);
    },

    /** Stars entries for one reader (a star kept stays as it was). */
    async star(executor: Executor, userId: string, rows: { entryId: string; feedId: string | null; view: number }[], now: Date): Promise<void> {
      if (rows.length === 0) return;
      const payload = JSON.stringify(rows.map((row) => ({ entry_id: row.entryId, feed_id: row.feedId, view: row.view })));
      await executor.execute(sql`
        INSERT INTO collections (user_id, entry_id, feed_id, view, created_at)
        SELECT ${userId}, x.entry_id, x.feed_id, x.view, ${at(now)} FROM jsonb_to_recordset(${payload}::jsonb) AS x(entry_id bigint, feed_id bigint, view smallint)
        ON CONFLICT (user_id, entry_id) DO NOTHING`);
    },

    async enqueue(executor: Executor, deliveries: { id: string; userId: string; entryId: string; rule: string; url: string; payload: string }[], now: Date): Promise<void> {
      if (deliveries.length === 0) return;
      const payload = JSON.stringify(deliveries.map((d) => ({ id: d.id, user_id: d.userId, entry_id: d.entryId, rule: d.rule, url: d.url, payload: d.payload })));
      await executor.execute(sql`
        INSERT INTO webhook_deliveries (id, user_id, entry_id, rule, url, payload, next_attempt_at, created_at)
        SELECT x.id, x.user_id, x.entry_id, x.rule, x.url, x.payload, ${at(now)}, ${at(now)}
        FROM jsonb_to_recordset(${payload}::jsonb) AS x(id bigint, user_id text, entry_id bigint, rule text, url text, payload text)`);
    },

    /** Claims up to `limit` due deliveries for `leaseMs` (other processes skip them meanwhile). */
    async claimDue(now: Date, limit: number, leaseMs: number): Promise<DueDelivery[]> {
      const leasedUntil = new Date(now.getTime() + leaseMs);
      return rowsOf<Omit<DueDelivery, "leasedUntil">>(
        await db.execute(sql`
          WITH due AS (
            SELECT id FROM webhook_deliveries WHERE status = 'pending' AND next_attempt_at <= ${at(now)}
            ORDER BY next_attempt_at LIMIT ${limit} FOR UPDATE SKIP LOCKED
          )
          UPDATE webhook_deliveries w SET next_attempt_at = ${at(leasedUntil)}
          FROM due, actions a WHERE w.id = due.id AND a.user_id = w.user_id
          RETURNING w.id, w.user_id, w.url, w.payload, w.attempts, a.webhook_secret`),
      ).map((row) => ({ ...row, id: String(row.id), attempts: Number(row.attempts), leasedUntil }));
    },

    /** Gives back claimed deliveries never sent: due at once for any process (unless claimed again since). */
    async releaseClaims(deliveries: readonly DueDelivery[], now: Date): Promise<number> {
      if (deliveries.length === 0) return 0;
      const claims = JSON.stringify(deliveries.map((delivery) => ({ id: delivery.id, until: delivery.leasedUntil.toISOString() })));
      return rowsOf(
        await db.execute(sql`
          UPDATE webhook_deliveries w SET next_attempt_at = ${at(now)}
          FROM jsonb_to_recordset(${claims}::jsonb) AS x(id bigint, until timestamptz)
          WHERE w.id = x.id AND w.status = 'pending' AND w.next_attempt_at = x.until
          RETURNING w.id`),
      ).length;
    },

    /** Records an attempt: delivered, retried at `retryAt`, or failed for good (retryAt null). */
    async recordAttempt(id: string, outcome: { delivered: boolean; status: number | null; error: string | null; retryAt: Date | null }, now: Date): Promise<void> {
      const status = outcome.delivered ? "delivered" : outcome.retryAt ? "pending" : "failed";
      await db.execute(sql`
        UPDATE webhook_deliveries SET status = ${status}, attempts = attempts + 1, last_status = ${outcome.status}, last_error = ${outcome.error},
          delivered_at = ${outcome.delivered ? at(now) : null}, next_attempt_at = ${at(outcome.retryAt ?? now)}
        WHERE id = ${id}`);
    },

    /** When the next pending delivery is due; null when none is. */
    async nextDueAt(): Promise<Date | null> {
      const [row] = rowsOf<{ at: string | Date | null }>(await db.execute(sql`SELECT min(next_attempt_at) AS at FROM webhook_deliveries WHERE status = 'pending'`));
      return row?.at ? new Date(row.at) : null;
    },

    /** A reader's newest deliveries, newest first (created time, then id). */
    async deliveries(userId: string, limit: number): Promise<DeliveryRow[]> {
      return rowsOf<DeliveryRow>(
        await db.execute(sql`
          SELECT id, entry_id, rule, url, status, attempts, last_status, last_error, created_at, delivered_at, next_attempt_at
          FROM webhook_deliveries WHERE user_id = ${userId} ORDER BY created_at DESC, id DESC LIMIT ${limit}`),
      ).map((row) => ({ ...row, id: String(row.id), entry_id: row.entry_id === null ? null : String(row.entry_id) }));
    },
  };
}

export type ActionsRepo = ReturnType<typeof createActionsRepo>;
