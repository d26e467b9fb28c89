import { asc, desc, eq, getTableColumns, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { entries, feeds, listEntries, listFeeds, lists, subscriptions, users } from "../../db/schema/index.ts";

/** Every entry column but the heavy ones (content, readability, hash): a preview. */
const { content: _content, readabilityContent: _readability, contentHash: _hash, ...previewColumns } = getTableColumns(entries);

/** What anyone may see of a user: no e-mail address, role or admin flag. */
const publicUserColumns = {
  id: users.id,
  name: users.name,
  image: users.image,
  handle: users.handle,
  bio: users.bio,
  website: users.website,
  socialLinks: users.socialLinks,
  createdAt: users.createdAt,
  updatedAt: users.updatedAt,
};

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

    /** The newest entries of a feed, without content (matches entries_feed_published_idx). */
    async feedEntries(feedId: string, limit: number) {
      return db
        .select(previewColumns)
        .from(entries)
        .where(eq(entries.feedId, feedId))
        .orderBy(sql`${entries.publishedAt} DESC NULLS LAST`, sql`${entries.id} DESC NULLS LAST`)
        .limit(limit);
    },

    /** A list with its owner's public fields. */
    async list(id: string) {
      const [row] = await db.select({ list: getTableColumns(lists), owner: publicUserColumns }).from(lists).leftJoin(users, eq(users.id, lists.ownerUserId)).where(eq(lists.id, id));
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
      const [row] = await db.select(publicUserColumns).from(users).where(where);
      return row ?? null;
    },
  };
}

export type ShareRepo = ReturnType<typeof createShareRepo>;
