import { and, eq } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { collections, entries } from "../../db/schema/index.ts";

export function createCollectionsRepo(db: Database) {
  return {
    async has(userId: string, entryId: string): Promise<boolean> {
      const rows = await db.select({ entryId: collections.entryId }).from(collections).where(and(eq(collections.userId, userId), eq(collections.entryId, entryId)));
      return rows.length > 0;
    },

    /** Stars an entry (starring it again keeps the first star's time). */
    async add(userId: string, entryId: string, view: number, at: Date): Promise<void> {
      const [entry] = await db.select({ feedId: entries.feedId }).from(entries).where(eq(entries.id, entryId));
      await db
        .insert(collections)
        .values({ userId, entryId, feedId: entry?.feedId ?? null, view, createdAt: at })
        .onConflictDoUpdate({ target: [collections.userId, collections.entryId], set: { view } });
    },

    async remove(userId: string, entryId: string): Promise<void> {
      await db.delete(collections).where(and(eq(collections.userId, userId), eq(collections.entryId, entryId)));
    },
  };
}

export type CollectionsRepo = ReturnType<typeof createCollectionsRepo>;
