import { and, eq, sql } from "drizzle-orm";
import { rowsOf, type Database } from "../../db/client.ts";
import { newestFeedEntries } from "../../db/public-rows.ts";
import { subscriptions } from "../../db/schema/index.ts";

export type SubscriptionRow = typeof subscriptions.$inferSelect;

/** What GET /feeds shows besides the feed row: recent entries, reads, subscribers. */
export function createFeedInfoRepo(db: Database) {
  return {
    /** The newest entries of a feed, without content (matches entries_feed_published_idx), but those `readerId` blocked. */
    newestEntries: (feedId: string, limit: number, readerId: string) => newestFeedEntries(db, feedId, limit, readerId),

    /** Reads of the feed's entries by anyone: (reader, entry) pairs opened or marked read one by one (not in bulk). */
    async readCount(feedId: string): Promise<number> {
      const rows = rowsOf<{ n: number }>(
        await db.execute(sql`SELECT count(*)::int AS n FROM entries e JOIN read_marks m ON m.entry_id = e.id WHERE e.feed_id = ${feedId}`),
      );
      return Number(rows[0]?.n ?? 0);
    },

    /** Subscribers of the feed, counted now (the cached count on the feed row may lag). */
    async subscriptionCount(feedId: string): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(subscriptions)
        .where(eq(subscriptions.feedId, feedId));
      return Number(row?.n ?? 0);
    },

    /** A user's subscription to the feed, or null. */
    async subscriptionOf(userId: string, feedId: string): Promise<SubscriptionRow | null> {
      const [row] = await db
        .select()
        .from(subscriptions)
        .where(and(eq(subscriptions.userId, userId), eq(subscriptions.feedId, feedId)));
      return row ?? null;
    },
  };
}

export type FeedInfoRepo = ReturnType<typeof createFeedInfoRepo>;
