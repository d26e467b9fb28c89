import { type SQL, sql } from "drizzle-orm";
import { rowsOf, type Database } from "../../db/client.ts";
import { at } from "../../db/sql-helpers.ts";
import { feeds, lists, subscriptions, users } from "../../db/schema/index.ts";
import type { FeedRow } from "../../db/schema/feeds.ts";
import type { ListRow, PreviewRecord, UserRow } from "./discover.repo.ts";

/** A language tag matches its primary language: "en" matches "en", "en-US" and "en_GB". */
const inLanguage = (column: SQL, language: string | undefined): SQL =>
  language ? sql`(lower(${column}) = ${language} OR lower(${column}) LIKE ${`${language}-%`} OR lower(${column}) LIKE ${`${language}\\_%`})` : sql`true`;

/**
 * What is popular on this instance, from public subscriptions and reads only: a private
 * subscription is never counted, and a read through one never either.
 */
export function createTrendingRepo(db: Database) {
  return {
    /** Feeds by public subscriptions made since `since`, then by all public subscriptions. */
    async feeds(since: Date, language: string | undefined, limit: number): Promise<{ feed: FeedRow; subscribers: number }[]> {
      const recent = sql<number>`count(*) FILTER (WHERE ${subscriptions.createdAt} >= ${at(since)})::int`;
      const total = sql<number>`count(*)::int`;
      const rows = await db
        .select({ feed: feeds, recent, subscribers: total })
        .from(subscriptions)
        .innerJoin(feeds, sql`${feeds.id} = ${subscriptions.feedId}`)
        .where(sql`NOT ${subscriptions.isPrivate} AND ${inLanguage(sql`${feeds.language}`, language)}`)
        .groupBy(feeds.id)
        .orderBy(sql`${recent} DESC, ${total} DESC, ${feeds.id} DESC`)
        .limit(limit);
      return rows.map((row) => ({ feed: row.feed, subscribers: Number(row.subscribers) }));
    },

    /** Lists by public subscribers. */
    async lists(language: string | undefined, limit: number): Promise<{ list: ListRow; subscribers: number }[]> {
      const total = sql<number>`count(*)::int`;
      const rows = await db
        .select({ list: lists, subscribers: total })
        .from(subscriptions)
        .innerJoin(lists, sql`${lists.id} = ${subscriptions.listId}`)
        .where(sql`NOT ${subscriptions.isPrivate} AND ${inLanguage(sql`${lists.language}`, language)}`)
        .groupBy(lists.id)
        .orderBy(sql`${total} DESC, ${lists.id} DESC`)
        .limit(limit);
      return rows.map((row) => ({ list: row.list, subscribers: Number(row.subscribers) }));
    },

    /** Feed entries by distinct readers since `since`, counting reads through public subscriptions only. */
    async entries(since: Date, language: string | undefined, limit: number): Promise<(PreviewRecord & { read_count: number })[]> {
      return rowsOf<PreviewRecord & { read_count: number }>(
        await db.execute(sql`
          WITH reads AS (
            SELECT m.entry_id, count(*)::int AS read_count, max(m.read_at) AS last_read
            FROM read_marks m
            WHERE m.read_at >= ${at(since)}
              AND EXISTS (SELECT 1 FROM timeline t WHERE t.user_id = m.user_id AND t.entry_id = m.entry_id
                AND t.source_type <> 'inbox' AND t.feed_id IS NOT NULL
                AND NOT EXISTS (SELECT 1 FROM subscriptions s WHERE s.user_id = t.user_id AND s.target_id = t.source_id AND s.is_private))
            GROUP BY m.entry_id
          )
          SELECT e.id, e.feed_id, e.inbox_id, e.guid, e.title, e.url, e.description, e.author, e.author_url, e.author_avatar,
            e.language, e.media, e.categories, e.attachments, e.extra, e.published_at, e.inserted_at, e.updated_at,
            NULL::boolean AS read, NULL::timestamptz AS starred_at, e.published_at AS sort_at, e.feed_id AS owner_id, r.read_count
          FROM reads r JOIN entries e ON e.id = r.entry_id JOIN feeds f ON f.id = e.feed_id
          WHERE ${inLanguage(sql`coalesce(e.language, f.language)`, language)}
          ORDER BY r.read_count DESC, r.last_read DESC NULLS LAST, e.id DESC
          LIMIT ${limit}`),
      );
    },

    /** Owners of lists by how many people (themselves aside) follow their lists publicly. */
    async users(limit: number): Promise<UserRow[]> {
      const followers = sql<number>`count(DISTINCT ${subscriptions.userId})`;
      const rows = await db
        .select({ user: users, followers })
        .from(lists)
        .innerJoin(subscriptions, sql`${subscriptions.listId} = ${lists.id} AND NOT ${subscriptions.isPrivate} AND ${subscriptions.userId} <> ${lists.ownerUserId}`)
        .innerJoin(users, sql`${users.id} = ${lists.ownerUserId}`)
        .groupBy(users.id)
        .orderBy(sql`${followers} DESC, ${users.id} DESC`)
        .limit(limit);
      return rows.map((row) => row.user);
    },
  };
}

export type TrendingRepo = ReturnType<typeof createTrendingRepo>;
