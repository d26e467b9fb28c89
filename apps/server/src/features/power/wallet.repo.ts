import { and, desc, eq, gt, inArray, lt, or, sql, type SQL } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { rowsOf } from "../../db/client.ts";
import { publicUserColumns } from "../../db/public-rows.ts";
import { entries, feeds, powerLevels, powerTransactions, users } from "../../db/schema/index.ts";

export interface TransactionFilter {
  type?: string;
  hash?: string;
  fromUserId?: string;
  toUserId?: string;
  toFeedId?: string;
  fromOrToUserId?: string;
  createdAfter?: Date;
  /** The last id of the previous page (newest first). */
  before?: string;
  limit: number;
}

type PublicUserRow = { id: string; name: string | null; image: string | null; handle: string | null };

/** What the wallet pages read: transactions with their people and feeds, the ranking, entries to tip. */
export function createWalletRepo(db: Database) {
  return {
    /** Newest first, by id (a total order); `limit + 1` rows tell whether there is a next page. */
    async transactions(filter: TransactionFilter) {
      const where: SQL[] = [];
      if (filter.type) where.push(eq(powerTransactions.type, filter.type));
      if (filter.hash) where.push(eq(powerTransactions.hash, filter.hash));
      if (filter.fromUserId) where.push(eq(powerTransactions.fromUserId, filter.fromUserId));
      if (filter.toUserId) where.push(eq(powerTransactions.toUserId, filter.toUserId));
      if (filter.toFeedId) where.push(eq(powerTransactions.toFeedId, filter.toFeedId));
      if (filter.fromOrToUserId) where.push(or(eq(powerTransactions.fromUserId, filter.fromOrToUserId), eq(powerTransactions.toUserId, filter.fromOrToUserId))!);
      if (filter.createdAfter) where.push(gt(powerTransactions.createdAt, filter.createdAfter));
      if (filter.before) where.push(lt(powerTransactions.id, filter.before));
      return db
        .select()
        .from(powerTransactions)
        .where(where.length ? and(...where) : undefined)
        .orderBy(desc(powerTransactions.id))
        .limit(filter.limit + 1);
    },

    async publicUsers(ids: string[]): Promise<PublicUserRow[]> {
      if (ids.length === 0) return [];
      return db
        .select({ id: publicUserColumns.id, name: publicUserColumns.name, image: publicUserColumns.image, handle: publicUserColumns.handle })
        .from(users)
        .where(inArray(users.id, ids));
    },

    async feedsByIds(ids: string[]) {
      if (ids.length === 0) return [];
      return db.select({ id: feeds.id, title: feeds.title, image: feeds.image, url: feeds.url, ownerUserId: feeds.ownerUserId }).from(feeds).where(inArray(feeds.id, ids));
    },

    async feed(feedId: string) {
      const [row] = await db.select({ id: feeds.id, ownerUserId: feeds.ownerUserId, title: feeds.title }).from(feeds).where(eq(feeds.id, feedId));
      return row ?? null;
    },

    /** The entry to tip and its feed (inbox entries have none). */
    async entryFeed(entryId: string) {
      const [row] = await db
        .select({ entryId: entries.id, feedId: entries.feedId, ownerUserId: feeds.ownerUserId })
        .from(entries)
        .leftJoin(feeds, eq(feeds.id, entries.feedId))
        .where(eq(entries.id, entryId));
      return row ?? null;
    },

    async userCreatedAt(userId: string): Promise<Date | null> {
      const [row] = await db.select({ createdAt: users.createdAt }).from(users).where(eq(users.id, userId));
      return row?.createdAt ?? null;
    },

    async userExists(userId: string): Promise<boolean> {
      const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
      return !!row;
    },

    /** The readers with the most POWER (daily + cashable), ties by user id, with their levels. */
    async ranking(limit: number) {
      return rowsOf<{ user_id: string; balance: string; name: string | null; image: string | null; handle: string | null; level: number | null; activity_points: number | null; prev_activity_points: number | null }>(
        await db.execute(sql`
          SELECT b.user_id, b.balance::text AS balance, u.name, u.image, u.handle, l.level, l.activity_points, l.prev_activity_points
          FROM (SELECT user_id, sum(balance) AS balance FROM power_accounts WHERE kind IN ('daily', 'cashable') GROUP BY user_id) b
          JOIN ${users} u ON u.id = b.user_id
          LEFT JOIN ${powerLevels} l ON l.user_id = b.user_id
          WHERE b.balance > 0
          ORDER BY b.balance DESC, b.user_id ASC
          LIMIT ${limit}`),
      );
    },
  };
}

export type WalletRepo = ReturnType<typeof createWalletRepo>;
