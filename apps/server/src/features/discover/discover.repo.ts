import { and, asc, desc, eq, ilike, inArray, or, sql } from "drizzle-orm";
import { rowsOf, type Database } from "../../db/client.ts";
import { feeds, listFeeds, lists, subscriptions, users } from "../../db/schema/index.ts";
import { idSet, notBlockedBy } from "../../db/sql-helpers.ts";
import type { FeedRow } from "../../db/schema/feeds.ts";

export type ListRow = typeof lists.$inferSelect;
export type UserRow = typeof users.$inferSelect;

/** An entry preview row, in the columns entries.service's toEntry reads. */
export interface PreviewRecord {
  id: string;
  feed_id: string | null;
  inbox_id: string | null;
  guid: string;
  title: string | null;
  url: string | null;
  description: string | null;
  author: string | null;
  author_url: string | null;
  author_avatar: string | null;
  language: string | null;
  media: unknown;
  categories: string[] | null;
  attachments: unknown;
  extra: unknown;
  published_at: string | Date;
  inserted_at: string | Date;
  updated_at: string | Date;
  read: null;
  starred_at: null;
  sort_at: string | Date;
  /** The feed or list the preview belongs to. */
  owner_id: string;
}

const ENTRY_COLUMNS = sql.raw(`e.id, e.feed_id, e.inbox_id, e.guid, e.title, e.url, e.description, e.author, e.author_url,
  e.author_avatar, e.language, e.media, e.categories, e.attachments, e.extra, e.published_at, e.inserted_at, e.updated_at,
  NULL::boolean AS read, NULL::timestamptz AS starred_at`);

/** `%keyword%` for ILIKE, with the pattern characters of the keyword taken literally. */
const containing = (keyword: string) => `%${keyword.replace(/[\\%_]/g, "\\$&")}%`;

/** Searches of what this instance knows: feeds and lists by text, their previews and followers. */
export function createDiscoverRepo(db: Database) {
  // Written out in full: in a single-table select Drizzle renders ${feeds.id} unqualified, which
  // inside the subquery would mean s.id.
  const feedSubscribers = sql<number>`(SELECT count(*)::int FROM subscriptions s WHERE s.feed_id = "feeds"."id")`;
  const listSubscribers = sql<number>`(SELECT count(*)::int FROM subscriptions s WHERE s.list_id = "lists"."id")`;
  return {
    /** Feeds whose title, description or site URL contains the keyword, most followed first. */
    async searchFeeds(keyword: string, limit: number): Promise<{ feed: FeedRow; subscribers: number }[]> {
      const pattern = containing(keyword);
      const rows = await db
        .select({ feed: feeds, subscribers: feedSubscribers })
        .from(feeds)
        .where(or(ilike(feeds.title, pattern), ilike(feeds.description, pattern), ilike(feeds.siteUrl, pattern)))
        .orderBy(desc(feedSubscribers), asc(feeds.title), asc(feeds.id))
        .limit(limit);
      return rows.map((row) => ({ feed: row.feed, subscribers: Number(row.subscribers) }));
    },

    /** Lists whose title or description contains the keyword, most followed first. */
    async searchLists(keyword: string, limit: number): Promise<{ list: ListRow; subscribers: number }[]> {
      const pattern = containing(keyword);
      const rows = await db
        .select({ list: lists, subscribers: listSubscribers })
        .from(lists)
        .where(or(ilike(lists.title, pattern), ilike(lists.description, pattern)))
        .orderBy(desc(listSubscribers), asc(lists.title), asc(lists.id))
        .limit(limit);
      return rows.map((row) => ({ list: row.list, subscribers: Number(row.subscribers) }));
    },

    /** Subscriber counts of feeds (every subscription counts; nobody is named). */
    async feedSubscriberCounts(feedIds: string[]): Promise<Map<string, number>> {
      if (feedIds.length === 0) return new Map();
      const rows = await db
        .select({ id: subscriptions.feedId, count: sql<number>`count(*)::int` })
        .from(subscriptions)
        .where(inArray(subscriptions.feedId, feedIds))
        .groupBy(subscriptions.feedId);
      return new Map(rows.map((row) => [row.id!, Number(row.count)]));
    },

    /** Which of these feeds or lists the user follows. */
    async followed(userId: string, targetIds: string[]): Promise<Set<string>> {
      if (targetIds.length === 0) return new Set();
      const rows = await db
        .select({ targetId: subscriptions.targetId })
        .from(subscriptions)
        .where(and(eq(subscriptions.userId, userId), inArray(subscriptions.targetId, targetIds)));
      return new Set(rows.map((row) => row.targetId!));
    },

    /** The newest `perFeed` entries of each feed, but those `readerId` blocked. */
    async feedPreviews(feedIds: string[], perFeed: number, readerId: string): Promise<PreviewRecord[]> {
      if (feedIds.length === 0) return [];
      return rowsOf<PreviewRecord>(
        await db.execute(sql`
          SELECT ${ENTRY_COLUMNS}, e.published_at AS sort_at, f.id AS owner_id
          FROM ${idSet(feedIds)} AS f(id)
          CROSS JOIN LATERAL (SELECT * FROM entries e WHERE e.feed_id = f.id AND ${notBlockedBy(readerId, sql`e.id`)}
            ORDER BY e.published_at DESC NULLS LAST, e.id DESC NULLS LAST LIMIT ${perFeed}) e`),
      );
    },

    /** The `perList` entries that most recently entered each list, but those `readerId` blocked. */
    async listPreviews(listIds: string[], perList: number, readerId: string): Promise<PreviewRecord[]> {
      if (listIds.length === 0) return [];
      return rowsOf<PreviewRecord>(
        await db.execute(sql`
          SELECT ${ENTRY_COLUMNS}, le.inserted_at AS sort_at, l.id AS owner_id
          FROM ${idSet(listIds)} AS l(id)
          CROSS JOIN LATERAL (SELECT entry_id, inserted_at FROM list_entries le WHERE le.list_id = l.id AND ${notBlockedBy(readerId, sql`le.entry_id`)}
            ORDER BY le.inserted_at DESC NULLS LAST, le.entry_id DESC NULLS LAST LIMIT ${perList}) le
          JOIN entries e ON e.id = le.entry_id`),
      );
    },

    /** Feed ids of lists, by list. */
    async listFeedIds(listIds: string[]): Promise<Map<string, string[]>> {
      const map = new Map<string, string[]>();
      if (listIds.length === 0) return map;
      const rows = await db.select().from(listFeeds).where(inArray(listFeeds.listId, listIds)).orderBy(asc(listFeeds.createdAt));
      for (const row of rows) map.set(row.listId, [...(map.get(row.listId) ?? []), row.feedId]);
      return map;
    },

    async usersByIds(ids: string[]): Promise<UserRow[]> {
      if (ids.length === 0) return [];
      return db.select().from(users).where(inArray(users.id, ids));
    },
  };
}

export type DiscoverRepo = ReturnType<typeof createDiscoverRepo>;
