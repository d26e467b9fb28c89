import type { PushChannel } from "@tidings/contracts";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { rowsOf, type Database } from "../../db/client.ts";
import { pushSubscriptions } from "../../db/schema/index.ts";

export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;

/** A new entry as one reader received it, with what a notification about it shows. */
export interface PushEntryRow {
  user_id: string;
  entry_id: string;
  view: number;
  source_type: "feed" | "list" | "inbox";
  source_id: string;
  /** Still unread: neither silenced by the reader's rules nor read already. */
  unread: boolean;
  title: string | null;
  description: string | null;
  source_title: string | null;
  inbox_handle: string | null;
}

/** Whether anybody has a device (notifications are queued only then). */
export const ANY_DEVICE = sql`EXISTS (SELECT 1 FROM push_subscriptions)`;

/** The `push_subscriptions` table and the reads push notifications need. */
export function createMessagingRepo(db: Database) {
  return {
    /**
     * Saves a device, keyed by its endpoint: a browser that subscribes again (new keys, other
     * views, another account signed in) replaces its row, and its failures are forgotten.
     */
    async upsert(row: { id: string; userId: string; endpoint: string; p256dh: string; auth: string; channel: PushChannel; views: number[]; createdAt: Date }): Promise<PushSubscriptionRow> {
      const [saved] = await db
        .insert(pushSubscriptions)
        .values(row)
        .onConflictDoUpdate({
          target: pushSubscriptions.endpoint,
          set: {
            userId: row.userId,
            p256dh: row.p256dh,
            auth: row.auth,
            channel: row.channel,
            views: row.views,
            failureCount: 0,
            lastError: null,
            // A device handed to another account counts as new there.
            createdAt: sql`CASE WHEN ${pushSubscriptions.userId} = ${row.userId} THEN ${pushSubscriptions.createdAt} ELSE excluded.created_at END`,
          },
        })
        .returning();
      return saved!;
    },

    /** Removes a reader's devices beyond the newest `keep`. */
    async trim(userId: string, keep: number): Promise<void> {
      await db.execute(sql`
        DELETE FROM push_subscriptions WHERE user_id = ${userId} AND id NOT IN (
          SELECT id FROM push_subscriptions WHERE user_id = ${userId} ORDER BY created_at DESC, id DESC LIMIT ${keep})`);
    },

    /** Removes one of a reader's devices; answers whether there was one. */
    async remove(userId: string, endpoint: string): Promise<boolean> {
      const removed = await db
        .delete(pushSubscriptions)
        .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
        .returning({ id: pushSubscriptions.id });
      return removed.length > 0;
    },

    /** Removes a device the push service no longer knows. */
    async removeById(id: string): Promise<void> {
      await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
    },

    /** The devices of these readers, oldest first. */
    async devicesOf(userIds: string[]): Promise<PushSubscriptionRow[]> {
      if (userIds.length === 0) return [];
      return db.select().from(pushSubscriptions).where(inArray(pushSubscriptions.userId, userIds)).orderBy(asc(pushSubscriptions.createdAt), asc(pushSubscriptions.id));
    },

    async recordSuccess(id: string, now: Date): Promise<void> {
      await db.update(pushSubscriptions).set({ lastSuccessAt: now, failureCount: 0, lastError: null }).where(eq(pushSubscriptions.id, id));
    },

    async recordFailure(id: string, error: string): Promise<void> {
      await db
        .update(pushSubscriptions)
        .set({ failureCount: sql`${pushSubscriptions.failureCount} + 1`, lastError: error.slice(0, 500) })
        .where(eq(pushSubscriptions.id, id));
    },

    /**
     * How entries reached readers who have a device: one row per (reader, entry, source), with
     * whether it is still unread. `deliveries` are the entries with the time they were delivered
     * at (one ingestion's), so that a later delivery of the same entries (a new subscriber's
     * backfill) is not taken for it; null: at any time. Entries readers' rules blocked are gone
     * from their timeline, and silenced ones are not unread. Driven from the readers with devices
     * who were given anything at those times (one probe of an index each), then one probe of the
     * timeline's primary key per entry for each of them.
     */
    async deliveredEntries(deliveries: { entryId: string; at: Date | null }[]): Promise<PushEntryRow[]> {
      if (deliveries.length === 0) return [];
      const wanted = JSON.stringify(deliveries.map((delivery) => ({ id: delivery.entryId, at: delivery.at?.toISOString() ?? null })));
      const rows = rowsOf<PushEntryRow>(
        await db.execute(sql`
          WITH x AS (SELECT * FROM jsonb_to_recordset(${wanted}::jsonb) AS x(id bigint, at timestamptz)),
          p AS (
            SELECT DISTINCT ps.user_id FROM push_subscriptions ps
            WHERE EXISTS (SELECT 1 FROM x WHERE x.at IS NULL)
               OR EXISTS (SELECT 1 FROM timeline r WHERE r.user_id = ps.user_id AND r.inserted_at IN (SELECT DISTINCT at FROM x))
          )
          SELECT t.user_id, t.entry_id::text AS entry_id, t.view, t.source_type, t.source_id::text AS source_id,
            EXISTS (SELECT 1 FROM unread_entries u WHERE u.user_id = t.user_id AND u.entry_id = t.entry_id AND u.source_id = t.source_id) AS unread,
            e.title, e.description, coalesce(s.title, l.title, f.title, i.title) AS source_title, i.handle AS inbox_handle
          FROM p CROSS JOIN x
          JOIN timeline t ON t.user_id = p.user_id AND t.entry_id = x.id AND (x.at IS NULL OR t.inserted_at = x.at)
          JOIN entries e ON e.id = t.entry_id
          LEFT JOIN feeds f ON f.id = e.feed_id
          LEFT JOIN inboxes i ON i.id = e.inbox_id
          LEFT JOIN lists l ON t.source_type = 'list' AND l.id = t.source_id
          LEFT JOIN subscriptions s ON s.user_id = t.user_id AND s.target_id = t.source_id
          ORDER BY t.user_id, t.entry_id, t.source_type`),
      );
      return rows.map((row) => ({ ...row, view: Number(row.view), unread: Boolean(row.unread) }));
    },
  };
}

export type MessagingRepo = ReturnType<typeof createMessagingRepo>;
