import { and, asc, eq, isNull, or, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { feeds } from "../../db/schema/index.ts";
import type { FeedRow } from "../../db/schema/feeds.ts";

/** Feed ownership: setting the owner of a feed and listing a user's feeds. */
export function createFeedClaimRepo(db: Database) {
  return {
    /**
     * Makes `userId` the owner unless someone else already is, in one statement, so two
     * claimants racing cannot both win. True when the caller owns the feed afterwards.
     */
    async setOwner(feedId: string, userId: string, now: Date): Promise<boolean> {
      const rows = await db
        .update(feeds)
        .set({ ownerUserId: userId, updatedAt: now })
        .where(and(eq(feeds.id, feedId), or(isNull(feeds.ownerUserId), eq(feeds.ownerUserId, userId))))
        .returning({ id: feeds.id });
      return rows.length > 0;
    },

    /** The feeds a user owns, oldest first, with their subscribers counted now. */
    async ownedBy(userId: string): Promise<{ feed: FeedRow; subscriptionCount: number }[]> {
      // "feeds.id" is written out: Drizzle renders a column in a select list unqualified ("id"),
      // which inside this subquery would mean s.id.
      const rows = await db
        .select({ feed: feeds, subscriptionCount: sql<number>`(SELECT count(*)::int FROM subscriptions s WHERE s.feed_id = feeds.id)` })
        .from(feeds)
        .where(eq(feeds.ownerUserId, userId))
        .orderBy(asc(feeds.createdAt), asc(feeds.id));
      return rows.map((row) => ({ feed: row.feed, subscriptionCount: Number(row.subscriptionCount) }));
    },
  };
}

export type FeedClaimRepo = ReturnType<typeof createFeedClaimRepo>;
