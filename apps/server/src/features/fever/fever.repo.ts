import { asc, eq, sql, type SQL } from "drizzle-orm";
import { rowsOf, type Database } from "../../db/client.ts";
import { feeds, inboxes, lists, subscriptions } from "../../db/schema/index.ts";
import { entryVisibleTo, idSet } from "../../db/sql-helpers.ts";
import type { ItemsQuery } from "./fever.params.ts";

/** Items answered per `items` call, as Fever documents. */
export const ITEMS_PER_CALL = 50;

export type FeverSubscriptionRow = Awaited<ReturnType<FeverRepo["subscriptions"]>>[number];

export interface FeverItemRow {
  /** The entry's sync id. */
  id: number;
  feedId: number;
  title: string | null;
  author: string | null;
  html: string | null;
  url: string | null;
  isSaved: boolean;
  isRead: boolean;
  publishedAt: Date;
}

interface RawItem {
  id: string | number;
  feed_id: number | null;
  title: string | null;
  author: string | null;
  html: string | null;
  url: string | null;
  is_saved: boolean;
  is_read: boolean;
  published_at: string | Date;
}

const ids = (result: unknown) => rowsOf<{ id: string | number }>(result).map((row) => String(row.id));

/**
 * What the Fever API reads of one reader. Its items are the reader's timeline (an entry once,
 * however many sources brought it) and their starred entries, each as the reader may see it
 * (`entryVisibleTo`: never another reader's inbox, never what they blocked).
 */
export function createFeverRepo(db: Database) {
  /**
   * The reader's items matching `where` (over `e.sync_id`), the first `limit` in sync-id order:
   * entries walked in that order (their unique index), each kept when it is in the reader's
   * timeline or stars (their primary keys), as the reader may see it.
   */
  const itemPage = (userId: string, where: SQL, order: "ASC" | "DESC", limit: number) => sql`
    SELECT e.id AS entry_id, e.sync_id FROM entries e
    WHERE ${where} AND ${entryVisibleTo(userId)}
      AND (EXISTS (SELECT 1 FROM timeline t WHERE t.user_id = ${userId} AND t.entry_id = e.id)
           OR EXISTS (SELECT 1 FROM collections c WHERE c.user_id = ${userId} AND c.entry_id = e.id))
    ORDER BY e.sync_id ${sql.raw(order)} LIMIT ${limit}`;

  return {
    /** The reader's subscriptions with what they point at, by sync id. */
    async subscriptions(userId: string) {
      return db
        .select({
          syncId: subscriptions.syncId,
          type: subscriptions.type,
          targetId: subscriptions.targetId,
          category: subscriptions.category,
          title: subscriptions.title,
          feed: { title: feeds.title, url: feeds.url, siteUrl: feeds.siteUrl, image: feeds.image, checkedAt: feeds.checkedAt },
          list: { id: lists.id, title: lists.title, image: lists.image, timelineUpdatedAt: lists.timelineUpdatedAt, updatedAt: lists.updatedAt },
          inbox: { handle: inboxes.handle, title: inboxes.title, image: inboxes.image, updatedAt: inboxes.updatedAt },
        })
        .from(subscriptions)
        .leftJoin(feeds, eq(feeds.id, subscriptions.feedId))
        .leftJoin(lists, eq(lists.id, subscriptions.listId))
        .leftJoin(inboxes, eq(inboxes.id, subscriptions.inboxId))
        .where(eq(subscriptions.userId, userId))
        .orderBy(asc(subscriptions.syncId));
    },

    /** When the reader's most recently checked feed was checked, or null. */
    async lastRefreshed(userId: string): Promise<Date | null> {
      const [row] = rowsOf<{ at: string | Date | null }>(
        await db.execute(sql`SELECT max(f.checked_at) AS at FROM subscriptions s JOIN feeds f ON f.id = s.feed_id WHERE s.user_id = ${userId}`),
      );
      return row?.at ? new Date(row.at) : null;
    },

    /** Unread item ids, ascending. */
    async unreadIds(userId: string): Promise<string[]> {
      return ids(
        await db.execute(sql`SELECT DISTINCT e.sync_id AS id FROM unread_entries u JOIN entries e ON e.id = u.entry_id
          WHERE u.user_id = ${userId} AND ${entryVisibleTo(userId)} ORDER BY 1`),
      );
    },

    /** Starred item ids, ascending. */
    async savedIds(userId: string): Promise<string[]> {
      return ids(
        await db.execute(sql`SELECT e.sync_id AS id FROM collections c JOIN entries e ON e.id = c.entry_id
          WHERE c.user_id = ${userId} AND ${entryVisibleTo(userId)} ORDER BY 1`),
      );
    },

    /**
     * How many items the reader has, counted on the two tables' primary keys alone (it is asked
     * on every page): what a reader may not see never has rows there (a block deletes them, an
     * inbox delivers to its owner only).
     */
    async totalItems(userId: string): Promise<number> {
      const [row] = rowsOf<{ n: number | string }>(
        await db.execute(sql`SELECT count(*)::int AS n FROM (
          SELECT entry_id FROM timeline WHERE user_id = ${userId} UNION SELECT entry_id FROM collections WHERE user_id = ${userId}) i`),
      );
      return Number(row?.n ?? 0);
    },

    /**
     * A page of items, by item id (the entry's sync id, a number every client holds). Each item's feed is the sync id of the subscription it came through, the
     * feed's own subscription first (0 for a starred entry of a feed the reader does not follow).
     */
    async items(userId: string, query: ItemsQuery): Promise<FeverItemRow[]> {
      let where = sql`TRUE`;
      let order: "ASC" | "DESC" = "ASC";
      if (query.kind === "since") where = sql`e.sync_id > ${query.id}::bigint`;
      else if (query.kind === "max") {
        order = "DESC";
        if (query.id !== null) where = sql`e.sync_id < ${query.id}::bigint`;
      } else if (query.kind === "with") {
        if (query.ids.length === 0) return [];
        where = sql`e.sync_id IN ${idSet(query.ids)}`;
      }
      const rows = rowsOf<RawItem>(
        await db.execute(sql`
          WITH page AS (${itemPage(userId, where, order, ITEMS_PER_CALL)})
          SELECT e.sync_id AS id, e.title, e.author, COALESCE(e.content, e.description) AS html, e.url, e.published_at,
            EXISTS (SELECT 1 FROM collections c WHERE c.user_id = ${userId} AND c.entry_id = e.id) AS is_saved,
            NOT EXISTS (SELECT 1 FROM unread_entries u WHERE u.user_id = ${userId} AND u.entry_id = e.id) AS is_read,
            (SELECT s.sync_id FROM subscriptions s
              WHERE s.user_id = ${userId}
                AND (s.feed_id = e.feed_id OR s.inbox_id = e.inbox_id
                     OR s.target_id IN (SELECT t.source_id FROM timeline t WHERE t.user_id = ${userId} AND t.entry_id = e.id))
              ORDER BY (s.type = 'feed') DESC, s.sync_id LIMIT 1) AS feed_id
          FROM entries e JOIN page ON page.entry_id = e.id
          ORDER BY e.sync_id ${sql.raw(order)}`),
      );
      return rows.map((row) => ({
        id: Number(row.id),
        feedId: Number(row.feed_id ?? 0),
        title: row.title,
        author: row.author,
        html: row.html,
        url: row.url,
        isSaved: row.is_saved,
        isRead: row.is_read,
        publishedAt: new Date(row.published_at),
      }));
    },

    /**
     * One of the reader's items by its item id (the entry's sync id), for a mark: the entry, whether
     * it is starred, and the view it came in (the feed's row first; 0 when it is only starred).
     * Null when it is not one of their items.
     */
    async item(userId: string, syncId: string): Promise<{ entryId: string; saved: boolean; view: number } | null> {
      const [row] = rowsOf<{ id: string | number; saved: boolean; view: number | null }>(
        await db.execute(sql`
          SELECT e.id, EXISTS (SELECT 1 FROM collections c WHERE c.user_id = ${userId} AND c.entry_id = e.id) AS saved,
            (SELECT t.view FROM timeline t WHERE t.user_id = ${userId} AND t.entry_id = e.id ORDER BY (t.source_type = 'feed') DESC LIMIT 1) AS view
          FROM entries e
          WHERE e.sync_id = ${syncId}::bigint AND ${entryVisibleTo(userId)}
            AND (EXISTS (SELECT 1 FROM timeline t WHERE t.user_id = ${userId} AND t.entry_id = e.id)
                 OR EXISTS (SELECT 1 FROM collections c WHERE c.user_id = ${userId} AND c.entry_id = e.id))`),
      );
      return row ? { entryId: String(row.id), saved: row.saved, view: Number(row.view ?? 0) } : null;
    },
  };
}

export type FeverRepo = ReturnType<typeof createFeverRepo>;
