import { and, desc, eq, gt, sql } from "drizzle-orm";
import type { Database, Executor } from "../../db/client.ts";
import { publicUserColumns } from "../../db/public-rows.ts";
import { feeds, powerBoosts, powerTransactions, users } from "../../db/schema/index.ts";

/** Boosts of feeds: each a purchase transaction that buys months of boost. */
export function createBoostsRepo(db: Database) {
  const active = (feedId: string, now: Date) => and(eq(powerBoosts.feedId, feedId), gt(powerBoosts.expiresAt, now));
  return {
    /** The feed, with its owner (null while unclaimed); null when there is no such feed. */
    async feed(feedId: string): Promise<{ id: string; ownerUserId: string | null } | null> {
      const [row] = await db.select({ id: feeds.id, ownerUserId: feeds.ownerUserId }).from(feeds).where(eq(feeds.id, feedId));
      return row ?? null;
    },

    /** Boosts still running on a feed. */
    async activeCount(feedId: string, now: Date): Promise<number> {
      const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(powerBoosts).where(active(feedId, now));
      return Number(row?.count ?? 0);
    },

    /** The caller's boost of this feed that runs longest, if one still runs. */
    async lastValid(feedId: string, userId: string, now: Date, executor: Executor = db): Promise<{ hash: string; expiresAt: Date } | null> {
      const [row] = await executor
        .select({ hash: powerTransactions.hash, expiresAt: powerBoosts.expiresAt })
        .from(powerBoosts)
        .innerJoin(powerTransactions, eq(powerTransactions.id, powerBoosts.transactionId))
        .where(and(active(feedId, now), eq(powerBoosts.userId, userId)))
        .orderBy(desc(powerBoosts.expiresAt))
        .limit(1);
      return row ?? null;
    },

    /** The people whose boosts of the feed still run, latest first. */
    async boosters(feedId: string, now: Date) {
      return db
        .selectDistinctOn([users.id], { id: publicUserColumns.id, name: publicUserColumns.name, image: publicUserColumns.image, handle: publicUserColumns.handle })
        .from(powerBoosts)
        .innerJoin(users, eq(users.id, powerBoosts.userId))
        .where(active(feedId, now))
        .orderBy(users.id);
    },

    async insert(executor: Executor, row: typeof powerBoosts.$inferInsert): Promise<void> {
      await executor.insert(powerBoosts).values(row);
    },

    /**
     * Writes feeds' boost levels (running boosts → level, BOOST_LEVELS thresholds) for the given
     * feeds, or for every feed whose level may have changed (boosts ran out): the refresher reads
     * the level from the feed row.
     */
    async storeLevels(now: Date, thresholds: readonly number[], feedIds?: string[]): Promise<number> {
      const level = sql.join(
        thresholds.map((needed) => sql`(CASE WHEN coalesce(b.running, 0) >= ${needed} THEN 1 ELSE 0 END)`),
        sql` + `,
      );
      const scope = feedIds ? sql`f.id IN (${sql.join(feedIds.map((id) => sql`${id}::bigint`), sql`, `)})` : sql`(f.boost_level > 0 OR b.running > 0)`;
      const result = await db.execute(sql`
        UPDATE ${feeds} AS f SET boost_level = x.level
        FROM (
          SELECT f.id, (${level})::smallint AS level
          FROM ${feeds} f
          LEFT JOIN (SELECT feed_id, count(*)::int AS running FROM ${powerBoosts} WHERE expires_at > ${now.toISOString()}::timestamptz GROUP BY feed_id) b ON b.feed_id = f.id
          WHERE ${scope}
        ) x
        WHERE f.id = x.id AND f.boost_level <> x.level`);
      return (result as { rowCount?: number; affectedRows?: number }).rowCount ?? (result as { affectedRows?: number }).affectedRows ?? 0;
    },

    /** Boost levels of feeds (for feed pages and Discover): running boosts per feed. */
    async countsFor(feedIds: string[], now: Date): Promise<Map<string, number>> {
      if (feedIds.length === 0) return new Map();
      const rows = await db
        .select({ feedId: powerBoosts.feedId, count: sql<number>`count(*)::int` })
        .from(powerBoosts)
        .where(and(sql`${powerBoosts.feedId} IN (${sql.join(feedIds.map((id) => sql`${id}`), sql`, `)})`, gt(powerBoosts.expiresAt, now)))
        .groupBy(powerBoosts.feedId);
      return new Map(rows.map((row) => [row.feedId, Number(row.count)]));
    },
  };
}

export type BoostsRepo = ReturnType<typeof createBoostsRepo>;
