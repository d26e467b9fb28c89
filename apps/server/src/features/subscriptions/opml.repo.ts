import { and, asc, eq, sql } from "drizzle-orm";
import { rowsOf, type Database, type Executor } from "../../db/client.ts";
import { feeds, subscriptions } from "../../db/schema/index.ts";
import type { FeedRow } from "../../db/schema/feeds.ts";
import { at, idSet, textSet } from "../../db/sql-helpers.ts";

/** A feed an import creates when no feed has its address. */
export interface NewFeed {
  id: string;
  url: string;
  title: string | null;
  siteUrl: string | null;
}

/** A feed subscription an import creates. */
export interface NewFeedSubscription {
  id: string;
  feedId: string;
  view: number;
  category: string | null;
  title: string | null;
}

/** Queries of OPML export and import: a user's feed subscriptions, and batch inserts. */
export function createOpmlRepo(db: Database) {
  return {
    /** The user's feed subscriptions with their feeds, oldest first (lists and inboxes are no feeds). */
    async feedSubscriptions(userId: string) {
      return db
        .select({
          url: feeds.url,
          feedTitle: feeds.title,
          siteUrl: feeds.siteUrl,
          title: subscriptions.title,
          view: subscriptions.view,
          category: subscriptions.category,
        })
        .from(subscriptions)
        .innerJoin(feeds, eq(feeds.id, subscriptions.feedId))
        .where(and(eq(subscriptions.userId, userId), eq(subscriptions.type, "feed")))
        .orderBy(asc(subscriptions.createdAt), asc(subscriptions.id));
    },

    /** How many subscriptions the user has: feeds, and all types together. */
    async countSubscriptions(userId: string): Promise<{ feeds: number; total: number }> {
      const [row] = await db
        .select({
          feeds: sql<number>`count(*) FILTER (WHERE ${subscriptions.type} = 'feed')::int`,
          total: sql<number>`count(*)::int`,
        })
        .from(subscriptions)
        .where(eq(subscriptions.userId, userId));
      return { feeds: Number(row?.feeds ?? 0), total: Number(row?.total ?? 0) };
    },

    /** The feeds with these addresses that the user follows. */
    async followedFeedsByUrl(userId: string, urls: string[]): Promise<FeedRow[]> {
      if (urls.length === 0) return [];
      const rows = await db
        .select({ feed: feeds })
        .from(subscriptions)
        .innerJoin(feeds, eq(feeds.id, subscriptions.feedId))
        .where(and(eq(subscriptions.userId, userId), sql`${feeds.url} IN ${textSet(urls)}`));
      return rows.map((row) => row.feed);
    },

    /** How many feeds have one of these addresses. */
    async countFeedsByUrl(urls: string[]): Promise<number> {
      if (urls.length === 0) return 0;
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(feeds)
        .where(sql`${feeds.url} IN ${textSet(urls)}`);
      return Number(row?.count ?? 0);
    },

    async feedsByUrl(executor: Executor, urls: string[]): Promise<FeedRow[]> {
      if (urls.length === 0) return [];
      return executor.select().from(feeds).where(sql`${feeds.url} IN ${textSet(urls)}`);
    },

    /**
     * Inserts the feeds no row has the address of yet (they are due at once: `next_check_at`
     * defaults to now). Answers the ids written; the rows travel as one JSON parameter.
     */
    async insertFeeds(executor: Executor, rows: NewFeed[]): Promise<Set<string>> {
      if (rows.length === 0) return new Set();
      const payload = JSON.stringify(rows.map((row) => ({ id: row.id, url: row.url, title: row.title, site_url: row.siteUrl })));
      const result = await executor.execute(sql`
        INSERT INTO feeds (id, url, title, site_url)
        SELECT id, url, title, site_url FROM jsonb_to_recordset(${payload}::jsonb) AS x(id bigint, url text, title text, site_url text)
        ON CONFLICT (url) DO NOTHING
        RETURNING id`);
      return new Set(rowsOf<{ id: string | number }>(result).map((row) => String(row.id)));
    },

    /**
     * Inserts feed subscriptions; one the user already has (a concurrent import or subscribe) is
     * skipped. Answers the feed ids subscribed.
     */
    async insertFeedSubscriptions(executor: Executor, userId: string, rows: NewFeedSubscription[], createdAt: Date): Promise<Set<string>> {
      if (rows.length === 0) return new Set();
      const payload = JSON.stringify(rows.map((row) => ({ id: row.id, feed_id: row.feedId, view: row.view, category: row.category, title: row.title })));
      const result = await executor.execute(sql`
        INSERT INTO subscriptions (id, user_id, type, feed_id, view, category, title, is_private, created_at)
        SELECT id, ${userId}, 'feed'::subscription_type, feed_id, view, category, title, false, ${at(createdAt)}
        FROM jsonb_to_recordset(${payload}::jsonb) AS x(id bigint, feed_id bigint, view smallint, category text, title text)
        ON CONFLICT DO NOTHING
        RETURNING feed_id`);
      return new Set(rowsOf<{ feed_id: string | number }>(result).map((row) => String(row.feed_id)));
    },

    /** Recounts the subscribers of these feeds (kept on the feed for analytics and discovery). */
    async recountSubscribers(feedIds: string[]): Promise<void> {
      if (feedIds.length === 0) return;
      await db.execute(sql`
        UPDATE feeds SET subscription_count = (SELECT count(*)::int FROM subscriptions s WHERE s.feed_id = feeds.id)
        WHERE id IN ${idSet(feedIds)}`);
    },
  };
}

export type OpmlRepo = ReturnType<typeof createOpmlRepo>;
