import { and, asc, eq, inArray, isNotNull, sql } from "drizzle-orm";
import type { Database, Executor } from "../../db/client.ts";
import { feeds, inboxes, listFeeds, lists, subscriptions } from "../../db/schema/index.ts";

export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type SubscriptionInsert = typeof subscriptions.$inferInsert;
export type SubscriptionPatch = Partial<Pick<SubscriptionInsert, "view" | "category" | "title" | "isPrivate">>;

export function createSubscriptionsRepo(db: Database) {
  return {
    /** A user's subscriptions with what they point at, optionally of one view / public ones only. */
    async listForUser(userId: string, options: { view?: number; publicOnly?: boolean; targetId?: string }) {
      const filters = [eq(subscriptions.userId, userId)];
      if (options.targetId) filters.push(eq(subscriptions.targetId, options.targetId));
      if (options.view !== undefined) filters.push(eq(subscriptions.view, options.view));
      if (options.publicOnly) filters.push(eq(subscriptions.isPrivate, false), sql`${subscriptions.type} <> 'inbox'`);
      return db
        .select({ subscription: subscriptions, feed: feeds, list: lists, inbox: inboxes })
        .from(subscriptions)
        .leftJoin(feeds, eq(feeds.id, subscriptions.feedId))
        .leftJoin(lists, eq(lists.id, subscriptions.listId))
        .leftJoin(inboxes, eq(inboxes.id, subscriptions.inboxId))
        .where(and(...filters))
        .orderBy(asc(subscriptions.createdAt));
    },

    /** The user's subscriptions as unread counts need them: target, view, and the key (inbox: its handle). */
    async keysForUser(userId: string): Promise<{ targetId: string; view: number; key: string }[]> {
      const rows = await db
        .select({ targetId: subscriptions.targetId, view: subscriptions.view, handle: inboxes.handle })
        .from(subscriptions)
        .leftJoin(inboxes, eq(inboxes.id, subscriptions.inboxId))
        .where(eq(subscriptions.userId, userId));
      return rows.map((row) => ({ targetId: row.targetId!, view: row.view, key: row.handle ?? row.targetId! }));
    },

    /** Feed ids of the given lists, by list. */
    async listFeedIds(listIds: string[]): Promise<Map<string, string[]>> {
      const map = new Map<string, string[]>();
      if (listIds.length === 0) return map;
      const rows = await db.select().from(listFeeds).where(inArray(listFeeds.listId, listIds)).orderBy(asc(listFeeds.createdAt));
      for (const row of rows) map.set(row.listId, [...(map.get(row.listId) ?? []), row.feedId]);
      return map;
    },

    async findByTarget(userId: string, targetId: string, executor: Executor = db): Promise<SubscriptionRow | null> {
      const [row] = await executor
        .select()
        .from(subscriptions)
        .where(and(eq(subscriptions.userId, userId), eq(subscriptions.targetId, targetId)));
      return row ?? null;
    },

    async findByTargets(userId: string, targetIds: string[]): Promise<SubscriptionRow[]> {
      if (targetIds.length === 0) return [];
      return db
        .select()
        .from(subscriptions)
        .where(and(eq(subscriptions.userId, userId), inArray(subscriptions.targetId, targetIds)));
    },

    async countByType(userId: string, type?: SubscriptionRow["type"]): Promise<number> {
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(subscriptions)
        .where(type ? and(eq(subscriptions.userId, userId), eq(subscriptions.type, type)) : eq(subscriptions.userId, userId));
      return Number(row?.count ?? 0);
    },

    async insert(executor: Executor, row: SubscriptionInsert): Promise<SubscriptionRow> {
      const [inserted] = await executor.insert(subscriptions).values(row).returning();
      return inserted!;
    },

    async update(executor: Executor, userId: string, targetIds: string[], patch: SubscriptionPatch): Promise<SubscriptionRow[]> {
      if (targetIds.length === 0 || Object.keys(patch).length === 0) return [];
      return executor
        .update(subscriptions)
        .set(patch)
        .where(and(eq(subscriptions.userId, userId), inArray(subscriptions.targetId, targetIds)))
        .returning();
    },

    async remove(executor: Executor, userId: string, targetIds: string[]): Promise<SubscriptionRow[]> {
      if (targetIds.length === 0) return [];
      return executor
        .delete(subscriptions)
        .where(and(eq(subscriptions.userId, userId), inArray(subscriptions.targetId, targetIds)))
        .returning();
    },

    /** Distinct categories of a user's subscriptions, optionally in one view. */
    async categories(userId: string, view?: number): Promise<string[]> {
      const filters = [eq(subscriptions.userId, userId), isNotNull(subscriptions.category)];
      if (view !== undefined) filters.push(eq(subscriptions.view, view));
      const rows = await db
        .selectDistinct({ category: subscriptions.category })
        .from(subscriptions)
        .where(and(...filters))
        .orderBy(asc(subscriptions.category));
      return rows.map((row) => row.category!).filter(Boolean);
    },

    /** Number of subscribers of a list. */
    async countSubscribers(targetId: string): Promise<number> {
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(subscriptions)
        .where(eq(subscriptions.targetId, targetId));
      return Number(row?.count ?? 0);
    },
  };
}

export type SubscriptionsRepo = ReturnType<typeof createSubscriptionsRepo>;
