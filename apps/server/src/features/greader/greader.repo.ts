import { type SQL, sql } from "drizzle-orm";
import { rowsOf, type Database, type Executor } from "../../db/client.ts";
import { at, entryVisibleTo, idSet, notBlockedBy } from "../../db/sql-helpers.ts";

/** A reader's subscription as reader apps list it. */
export interface SubscriptionRecord {
  type: "feed" | "list" | "inbox";
  targetId: string;
  category: string | null;
  title: string;
  url: string | null;
  siteUrl: string | null;
  icon: string | null;
  handle: string | null;
  createdAt: Date;
}

/** A subscription's unread count, with what its stream id and folder are made of. */
export interface UnreadCountRecord extends Pick<SubscriptionRecord, "type" | "targetId" | "handle" | "category"> {
  count: number;
  /** When its newest entry was published (ms), 0 when unknown. */
  newestMs: number;
}

/** Where a stream's items come from: timeline sources, a label's entries, or the reader's stars. */
export interface StreamSource {
  /** null: every source of the reader (the reading list). */
  sourceIds: string[] | null;
  /** Entries the reader labelled so (a label stream). */
  label?: string;
  starred?: boolean;
  /** Only read (`read`) or only unread (`unread`) entries of the sources. */
  state?: "read" | "unread";
}

export interface ItemQuery {
  limit: number;
  oldestFirst: boolean;
  /** Continue after this entry id. */
  after?: string;
  excludeRead?: boolean;
  excludeStarred?: boolean;
  onlyRead?: boolean;
  onlyStarred?: boolean;
  /** Entry ids in [minId, belowId): fetch-time bounds. */
  minId?: string;
  belowId?: string;
}

const unreadFor = (userId: string, entry: SQL) => sql`EXISTS (SELECT 1 FROM unread_entries u WHERE u.user_id = ${userId} AND u.entry_id = ${entry})`;
const starredFor = (userId: string, entry: SQL) => sql`EXISTS (SELECT 1 FROM collections c WHERE c.user_id = ${userId} AND c.entry_id = ${entry})`;

/** The rows (column `entry_id`, possibly repeated) a stream is made of, before filters. */
function streamRows(userId: string, source: StreamSource, unreadTable: boolean): SQL {
  if (source.starred) return sql`SELECT entry_id FROM collections WHERE user_id = ${userId}`;
  const table = sql.raw(unreadTable ? "unread_entries" : "timeline");
  const bySource = source.sourceIds === null ? sql`` : source.sourceIds.length ? sql` AND source_id IN ${idSet(source.sourceIds)}` : sql` AND FALSE`;
  // The reading list walks the primary key (user, entry) in order and stops at the page's end. A
  // feed's or a folder's rows are read whole by the (user, source) index and sorted: `OFFSET 0`
  // keeps the planner from walking the whole history in key order looking for a few sources.
  const rows = source.sourceIds === null ? sql`SELECT entry_id FROM ${table} WHERE user_id = ${userId}` : sql`SELECT entry_id FROM ${table} WHERE user_id = ${userId}${bySource} OFFSET 0`;
  if (source.label === undefined) return rows;
  const labelled = sql`SELECT entry_id FROM entry_labels l WHERE l.user_id = ${userId} AND l.label = ${source.label} AND ${notBlockedBy(userId, sql`l.entry_id`)}`;
  return sql`(${rows}) UNION ALL (${labelled})`;
}

/**
 * The filters of an item query over alias `b`. Unread-only timelines read `unread_entries`
 * itself (the same primary-key order as `timeline`), so "everything unread, newest first" is one
 * backward index scan whatever the size of the reader's history.
 */
function itemFilters(userId: string, source: StreamSource, query: ItemQuery) {
  const entry = sql`b.entry_id`;
  const wantsUnread = query.excludeRead === true || source.state === "unread";
  const wantsRead = query.onlyRead === true || source.state === "read";
  const unreadTable = wantsUnread && !source.starred && source.label === undefined;
  const filters: SQL[] = [];
  if (wantsUnread && !unreadTable) filters.push(unreadFor(userId, entry));
  if (wantsRead) filters.push(sql`NOT ${unreadFor(userId, entry)}`);
  if (query.excludeStarred) filters.push(sql`NOT ${starredFor(userId, entry)}`);
  if (query.onlyStarred && !source.starred) filters.push(starredFor(userId, entry));
  if (query.minId) filters.push(sql`b.entry_id >= ${query.minId}`);
  if (query.belowId) filters.push(sql`b.entry_id < ${query.belowId}`);
  if (query.after) filters.push(query.oldestFirst ? sql`b.entry_id > ${query.after}` : sql`b.entry_id < ${query.after}`);
  return { unreadTable, where: filters.length ? sql`WHERE ${sql.join(filters, sql` AND `)}` : sql`` };
}

export function createGreaderRepo(db: Database) {
  return {
    async subscriptions(userId: string): Promise<SubscriptionRecord[]> {
      const rows = rowsOf<{
        type: SubscriptionRecord["type"];
        target_id: string | number;
        category: string | null;
        title: string | null;
        url: string | null;
        site_url: string | null;
        icon: string | null;
        handle: string | null;
        created_at: string | Date;
      }>(
        await db.execute(sql`
          SELECT s.type, s.target_id, s.category, coalesce(s.title, f.title, l.title, i.title, f.url, i.handle) AS title,
            f.url, coalesce(f.site_url, CASE WHEN s.list_id IS NOT NULL THEN NULL END) AS site_url,
            coalesce(f.image, f.site_icon, l.image, i.image) AS icon, i.handle, s.created_at
          FROM subscriptions s
          LEFT JOIN feeds f ON f.id = s.feed_id
          LEFT JOIN lists l ON l.id = s.list_id
          LEFT JOIN inboxes i ON i.id = s.inbox_id
          WHERE s.user_id = ${userId}
          ORDER BY lower(coalesce(s.title, f.title, l.title, i.title, '')), s.id`),
      );
      return rows.map((row) => ({
        type: row.type,
        targetId: String(row.target_id),
        category: row.category,
        title: row.title ?? "",
        url: row.url,
        siteUrl: row.site_url,
        icon: row.icon,
        handle: row.handle,
        createdAt: new Date(row.created_at),
      }));
    },

    /** The reader's own item labels, with how many entries each holds. */
    async labels(userId: string): Promise<string[]> {
      const rows = rowsOf<{ label: string }>(await db.execute(sql`SELECT DISTINCT label FROM entry_labels WHERE user_id = ${userId} ORDER BY label`));
      return rows.map((row) => row.label);
    },

    /** Entry ids of a stream, newest (or oldest) fetched first, each once. */
    async itemIds(userId: string, source: StreamSource, query: ItemQuery): Promise<string[]> {
      const { unreadTable, where } = itemFilters(userId, source, query);
      const order = sql.raw(query.oldestFirst ? "ASC" : "DESC");
      const rows = rowsOf<{ entry_id: string | number }>(
        await db.execute(sql`SELECT DISTINCT b.entry_id FROM (${streamRows(userId, source, unreadTable)}) b ${where} ORDER BY b.entry_id ${order} LIMIT ${query.limit}`),
      );
      return rows.map((row) => String(row.entry_id));
    },

    /** How many of these entries the reader may see (their feeds' entries, their own inboxes', none blocked). */
    async visibleCount(userId: string, entryIds: string[]): Promise<number> {
      if (entryIds.length === 0) return 0;
      const rows = rowsOf<{ n: number }>(await db.execute(sql`SELECT count(*)::int AS n FROM entries e WHERE e.id IN ${idSet(entryIds)} AND ${entryVisibleTo(userId)}`));
      return Number(rows[0]?.n ?? 0);
    },

    /**
     * Unread counts of the reader's subscriptions, each with its stream's key and the publication
     * time of its newest entry: a feed's is kept on the feed; a list's or an inbox's is read from
     * its newest unread row (few of those). One statement over `unread_counts`, whatever the number
     * of entries.
     */
    async unreadCounts(userId: string): Promise<UnreadCountRecord[]> {
      const rows = rowsOf<{ type: SubscriptionRecord["type"]; target_id: string | number; handle: string | null; category: string | null; count: number; newest: string | Date | null }>(
        await db.execute(sql`
          SELECT s.type, s.target_id, i.handle, s.category, c.count,
            CASE WHEN s.type = 'feed' THEN f.latest_entry_published_at
              ELSE (SELECT u.published_at FROM unread_entries u WHERE u.user_id = c.user_id AND u.source_id = c.source_id
                    ORDER BY u.published_at DESC, u.entry_id DESC LIMIT 1) END AS newest
          FROM unread_counts c
          JOIN subscriptions s ON s.user_id = c.user_id AND s.target_id = c.source_id
          LEFT JOIN feeds f ON f.id = s.feed_id
          LEFT JOIN inboxes i ON i.id = s.inbox_id
          WHERE c.user_id = ${userId} AND c.count > 0`),
      );
      return rows.map((row) => ({
        type: row.type,
        targetId: String(row.target_id),
        handle: row.handle,
        category: row.category,
        count: Number(row.count),
        newestMs: row.newest === null ? 0 : new Date(row.newest).getTime(),
      }));
    },

    /** Stars entries (a star already there keeps its time), in the view they reached the reader in. */
    async star(executor: Executor, userId: string, entryIds: string[], now: Date): Promise<void> {
      await executor.execute(sql`
        INSERT INTO collections (user_id, entry_id, feed_id, view, created_at)
        SELECT ${userId}, e.id, e.feed_id,
          coalesce((SELECT t.view FROM timeline t WHERE t.user_id = ${userId} AND t.entry_id = e.id LIMIT 1), 0), ${at(now)}
        FROM entries e WHERE e.id IN ${idSet(entryIds)}
        ON CONFLICT (user_id, entry_id) DO NOTHING`);
    },

    async unstar(executor: Executor, userId: string, entryIds: string[]): Promise<void> {
      await executor.execute(sql`DELETE FROM collections WHERE user_id = ${userId} AND entry_id IN ${idSet(entryIds)}`);
    },

    async addLabel(executor: Executor, userId: string, label: string, entryIds: string[], now: Date): Promise<void> {
      await executor.execute(sql`
        INSERT INTO entry_labels (user_id, label, entry_id, created_at)
        SELECT ${userId}, ${label}, e.id, ${at(now)} FROM entries e WHERE e.id IN ${idSet(entryIds)}
        ON CONFLICT DO NOTHING`);
    },

    async removeLabel(executor: Executor, userId: string, label: string, entryIds: string[] | null): Promise<void> {
      const which = entryIds ? sql` AND entry_id IN ${idSet(entryIds)}` : sql``;
      await executor.execute(sql`DELETE FROM entry_labels WHERE user_id = ${userId} AND label = ${label}${which}`);
    },

    /** Renames an item label; entries that carry both names keep one. */
    async renameLabel(executor: Executor, userId: string, from: string, to: string): Promise<void> {
      await executor.execute(sql`
        INSERT INTO entry_labels (user_id, label, entry_id, created_at)
        SELECT user_id, ${to}, entry_id, created_at FROM entry_labels WHERE user_id = ${userId} AND label = ${from}
        ON CONFLICT DO NOTHING`);
      await this.removeLabel(executor, userId, from, null);
    },

    /** Entry ids among `entryIds` that carry any of `labels` for the reader (for contents' categories). */
    async labelsOf(userId: string, entryIds: string[]): Promise<Map<string, string[]>> {
      const map = new Map<string, string[]>();
      if (entryIds.length === 0) return map;
      const rows = rowsOf<{ entry_id: string | number; label: string }>(
        await db.execute(sql`SELECT entry_id, label FROM entry_labels WHERE user_id = ${userId} AND entry_id IN ${idSet(entryIds)} ORDER BY label`),
      );
      for (const row of rows) {
        const id = String(row.entry_id);
        map.set(id, [...(map.get(id) ?? []), row.label]);
      }
      return map;
    },

    /** The feed behind an id (to follow it by id), or null. */
    async feedUrl(feedId: string): Promise<string | null> {
      const rows = rowsOf<{ url: string }>(await db.execute(sql`SELECT url FROM feeds WHERE id = ${feedId}`));
      return rows[0]?.url ?? null;
    },
  };
}

export type GreaderRepo = ReturnType<typeof createGreaderRepo>;
