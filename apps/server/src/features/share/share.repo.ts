import { asc, desc, eq, getTableColumns, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { entryPreviewColumns as previewColumns, newestFeedEntries, publicUserColumns } from "../../db/public-rows.ts";
import { entries, feeds, listEntries, listFeeds, lists, subscriptions, users } from "../../db/schema/index.ts";

/** A person as share pages show them. */
const sharedUserColumns = { ...publicUserColumns, updatedAt: users.updatedAt };

export type SharedEntryRow = NonNullable<Awaited<ReturnType<ShareRepo["entry"]>>>;
export type EntryPreviewRow = Awaited<ReturnType<ShareRepo["feedEntries"]>>[number];
export type PublicUserRow = NonNullable<Awaited<ReturnType<ShareRepo["user"]>>>;

/**
 * The public side of the database, read for share pages and their images: entries of feeds
 * (never of inboxes), feeds, lists and people's public profiles. Nothing here reads per-user state.
 */
export function createShareRepo(db: Database) {
  return {
    /** A feed's entry with its feed; null for an unknown id or an inbox entry (those are private). */
    async entry(id: string) {
      const [row] = await db
        .select({ entry: { ...previewColumns, content: entries.content }, feed: getTableColumns(feeds) })
        .from(entries)
        .innerJoin(feeds, eq(feeds.id, entries.feedId))
        .where(eq(entries.id, id));
      return row ?? null;
    },

    async feed(id: string) {
      const [row] = await db.select().from(feeds).where(eq(feeds.id, id));
      return row ?? null;
    },

    /** The newest entries of a feed, without content: what the feed's own page shows. */
    feedEntries: (feedId: string, limit: number) => newestFeedEntries(db, feedId, limit),

    /** A list with its owner's public fields. */
    async list(id: string) {
      const [row] = await db.select({ list: getTableColumns(lists), owner: sharedUserColumns }).from(lists).leftJoin(users, eq(users.id, lists.ownerUserId)).where(eq(lists.id, id));
      return row ?? null;
    },

    /** The feeds of a list, in the order they were added. */
    async listFeeds(listId: string) {
      const rows = await db
        .select({ feed: getTableColumns(feeds) })
        .from(listFeeds)
        .innerJoin(feeds, eq(feeds.id, listFeeds.feedId))
        .where(eq(listFeeds.listId, listId))
        .orderBy(asc(listFeeds.createdAt), asc(listFeeds.feedId));
      return rows.map((row) => row.feed);
    },

    /** The entries that last entered a list, with their feeds (matches list_entries_list_inserted_idx). */
    async listEntries(listId: string, limit: number) {
      return db
        .select({ entry: previewColumns, feed: getTableColumns(feeds) })
        .from(listEntries)
        .innerJoin(entries, eq(entries.id, listEntries.entryId))
        .innerJoin(feeds, eq(feeds.id, listEntries.feedId))
        .where(eq(listEntries.listId, listId))
        .orderBy(desc(listEntries.insertedAt), desc(listEntries.entryId))
        .limit(limit);
    },

    /** Subscribers of a feed, counted now (the count cached on the feed row may lag). */
    async feedSubscriberCount(feedId: string): Promise<number> {
      const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(subscriptions).where(eq(subscriptions.feedId, feedId));
      return Number(row?.n ?? 0);
    },

    async listSubscriberCount(listId: string): Promise<number> {
      const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(subscriptions).where(eq(subscriptions.listId, listId));
      return Number(row?.n ?? 0);
    },

    /** A user by id, or by handle whatever its case. */
    async user(key: { id: string } | { handle: string }) {
      const where = "id" in key ? eq(users.id, key.id) : sql`lower(${users.handle}) = lower(${key.handle})`;
      const [row] = await db.select(sharedUserColumns).from(users).where(where);
      return row ?? null;
    },
  };
}

export type ShareRepo = ReturnType<typeof createShareRepo>;
