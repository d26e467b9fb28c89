import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Database, Executor } from "../../db/client.ts";
import { inboxes, subscriptions } from "../../db/schema/index.ts";
import type { InboxRow } from "./inbox.presenter.ts";

export type InboxInsert = typeof inboxes.$inferInsert;

export function createInboxesRepo(db: Database) {
  return {
    async findByIds(ids: string[]): Promise<InboxRow[]> {
      if (ids.length === 0) return [];
      return db.select().from(inboxes).where(inArray(inboxes.id, ids));
    },

    async findByHandle(handle: string, executor: Executor = db): Promise<InboxRow | null> {
      const [row] = await executor.select().from(inboxes).where(eq(inboxes.handle, handle.toLowerCase()));
      return row ?? null;
    },

    async findOwned(userId: string): Promise<InboxRow[]> {
      return db.select().from(inboxes).where(eq(inboxes.ownerUserId, userId)).orderBy(asc(inboxes.createdAt), asc(inboxes.id));
    },

    async countOwned(userId: string): Promise<number> {
      const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(inboxes).where(eq(inboxes.ownerUserId, userId));
      return Number(row?.count ?? 0);
    },

    /** Inserts an inbox; null when its handle is taken (also by a concurrent insert). */
    async insert(executor: Executor, row: InboxInsert): Promise<InboxRow | null> {
      const [inserted] = await executor.insert(inboxes).values(row).onConflictDoNothing({ target: inboxes.handle }).returning();
      return inserted ?? null;
    },

    async updateTitle(id: string, title: string | null, now: Date): Promise<InboxRow | null> {
      const [updated] = await db.update(inboxes).set({ title, updatedAt: now }).where(eq(inboxes.id, id)).returning();
      return updated ?? null;
    },

    /** Deletes an inbox; what still references it (entries, subscriptions) goes with it. */
    async remove(executor: Executor, id: string): Promise<void> {
      await executor.delete(inboxes).where(eq(inboxes.id, id));
    },

    /** The owner's subscription to a new inbox, so it shows in their sidebar and unread counts. */
    async insertSubscription(executor: Executor, row: { id: string; userId: string; inboxId: string; view: number; createdAt: Date }): Promise<void> {
      await executor.insert(subscriptions).values({ ...row, type: "inbox" });
    },

    async removeSubscription(executor: Executor, userId: string, inboxId: string): Promise<void> {
      await executor.delete(subscriptions).where(and(eq(subscriptions.userId, userId), eq(subscriptions.inboxId, inboxId)));
    },

    /** The view of the user's subscription to the inbox, or null when they do not follow it. */
    async subscriptionView(userId: string, inboxId: string, executor: Executor = db): Promise<number | null> {
      const [row] = await executor
        .select({ view: subscriptions.view })
        .from(subscriptions)
        .where(and(eq(subscriptions.userId, userId), eq(subscriptions.inboxId, inboxId)));
      return row?.view ?? null;
    },
  };
}

export type InboxesRepo = ReturnType<typeof createInboxesRepo>;
