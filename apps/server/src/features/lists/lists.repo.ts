import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { rowsOf, type Database, type Executor } from "../../db/client.ts";
import { publicUserColumns } from "../../db/public-rows.ts";
import { listFeeds, lists, subscriptions, users } from "../../db/schema/index.ts";
import type { ListRow } from "./list.presenter.ts";

export type ListInsert = typeof lists.$inferInsert;
export type ListPatch = Partial<Pick<ListInsert, "title" | "description" | "image" | "view" | "fee">>;
/** What anyone may see of a list's owner. */
export type ListOwnerRow = Pick<typeof users.$inferSelect, "id" | "name" | "image" | "handle" | "bio" | "website" | "socialLinks" | "createdAt">;
export type ListSubscriptionRow = Pick<typeof subscriptions.$inferSelect, "userId" | "view" | "title" | "isPrivate" | "createdAt" | "lastViewedAt">;

export function createListsRepo(db: Database) {
  return {
    async findById(id: string, executor: Executor = db): Promise<ListRow | null> {
      const [row] = await executor.select().from(lists).where(eq(lists.id, id));
      return row ?? null;
    },

    /** The list, locked until the transaction ends (a subscription cannot reference it meanwhile). */
    async lock(executor: Executor, id: string): Promise<ListRow | null> {
      const [row] = await executor.select().from(lists).where(eq(lists.id, id)).for("update");
      return row ?? null;
    },

    async findOwned(userId: string): Promise<ListRow[]> {
      return db.select().from(lists).where(eq(lists.ownerUserId, userId)).orderBy(asc(lists.createdAt), asc(lists.id));
    },

    async countOwned(userId: string): Promise<number> {
      const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(lists).where(eq(lists.ownerUserId, userId));
      return Number(row?.count ?? 0);
    },

    async insert(row: ListInsert): Promise<ListRow> {
      const [inserted] = await db.insert(lists).values(row).returning();
      return inserted!;
    },

    async update(id: string, patch: ListPatch & { updatedAt: Date }): Promise<ListRow | null> {
      const [updated] = await db.update(lists).set(patch).where(eq(lists.id, id)).returning();
      return updated ?? null;
    },

    /** Deletes a list; its feeds and entries go with it (foreign keys cascade). */
    async remove(executor: Executor, id: string): Promise<void> {
      await executor.delete(lists).where(eq(lists.id, id));
    },

    /** Feed ids of the given lists, in the order they were added. */
    async feedIds(listIds: string[]): Promise<Map<string, string[]>> {
      const map = new Map<string, string[]>(listIds.map((id) => [id, []]));
      if (listIds.length === 0) return map;
      const rows = await db
        .select({ listId: listFeeds.listId, feedId: listFeeds.feedId })
        .from(listFeeds)
        .where(inArray(listFeeds.listId, listIds))
        .orderBy(asc(listFeeds.createdAt), asc(listFeeds.feedId));
      for (const row of rows) map.get(row.listId)?.push(row.feedId);
      return map;
    },

    /** Adds feeds to a list; returns the ids actually added (those not in it already). */
    async addFeeds(executor: Executor, listId: string, feedIds: string[], now: Date): Promise<string[]> {
      if (feedIds.length === 0) return [];
      const rows = await executor
        .insert(listFeeds)
        .values(feedIds.map((feedId) => ({ listId, feedId, createdAt: now })))
        .onConflictDoNothing()
        .returning({ feedId: listFeeds.feedId });
      return rows.map((row) => row.feedId);
    },

    /** Removes a feed from a list; false when it was not in it. */
    async removeFeed(executor: Executor, listId: string, feedId: string): Promise<boolean> {
      const rows = await executor
        .delete(listFeeds)
        .where(and(eq(listFeeds.listId, listId), eq(listFeeds.feedId, feedId)))
        .returning({ feedId: listFeeds.feedId });
      return rows.length > 0;
    },

    /** Subscribers per list. */
    async subscriberCounts(listIds: string[], executor: Executor = db): Promise<Map<string, number>> {
      const map = new Map<string, number>(listIds.map((id) => [id, 0]));
      if (listIds.length === 0) return map;
      const rows = await executor
        .select({ listId: subscriptions.listId, count: sql<number>`count(*)::int` })
        .from(subscriptions)
        .where(inArray(subscriptions.listId, listIds))
        .groupBy(subscriptions.listId);
      for (const row of rows) map.set(row.listId!, Number(row.count));
      return map;
    },

    async subscriptionOf(userId: string, listId: string): Promise<ListSubscriptionRow | null> {
      const [row] = await db
        .select({
          userId: subscriptions.userId,
          view: subscriptions.view,
          title: subscriptions.title,
          isPrivate: subscriptions.isPrivate,
          createdAt: subscriptions.createdAt,
          lastViewedAt: subscriptions.lastViewedAt,
        })
        .from(subscriptions)
        .where(and(eq(subscriptions.userId, userId), eq(subscriptions.listId, listId)));
      return row ?? null;
    },

    /** Entries its subscribers read through the list (one per reader and entry; bulk mark-all aside). */
    async readCount(listId: string): Promise<number> {
      // Per subscriber, a range of the (user_id, source_id, …) timeline index, probed in read_marks' key.
      const rows = rowsOf<{ n: number }>(
        await db.execute(sql`
          SELECT count(*)::int AS n FROM subscriptions s
          JOIN timeline t ON t.user_id = s.user_id AND t.source_id = s.list_id
          JOIN read_marks m ON m.user_id = t.user_id AND m.entry_id = t.entry_id
          WHERE s.list_id = ${listId}`),
      );
      return Number(rows[0]?.n ?? 0);
    },

    async owner(userId: string): Promise<ListOwnerRow | null> {
      const [row] = await db
        .select(publicUserColumns)
        .from(users)
        .where(eq(users.id, userId));
      return row ?? null;
    },
  };
}

export type ListsRepo = ReturnType<typeof createListsRepo>;
