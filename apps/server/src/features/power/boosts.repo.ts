import { and, desc, eq, gt, sql } from "drizzle-orm";
import type { Database, Executor } from "../../db/client.ts";
import { publicUserColumns } from "../../db/public-rows.ts";
import { feeds, powerBoosts, powerTransactions, users } from "../../db/schema/index.ts";

/** Boosts of feeds: each a purchase transaction that buys months of boost. */
export function createBoostsRepo(db: Database) {
  const active = (feedId: string, now: Date) => and(eq(powerBoosts.feedId, feedId), gt(powerBoosts.expiresAt, now));
  return {
    async feedExists(feedId: string): Promise<boolean> {
      const [row] = await db.select({ id: feeds.id }).from(feeds).where(eq(feeds.id, feedId));
      return !!row;
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
