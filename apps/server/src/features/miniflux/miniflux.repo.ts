// Over 300 lines: the Miniflux entries query, whose rows, filters, orders, pages and counts are built from the same parts.
import { sql, type SQL } from "drizzle-orm";
import { rowsOf, type Database } from "../../db/client.ts";
import type { EntryAttachment } from "../../db/schema/index.ts";
import { entryVisibleTo, idSet, textSet } from "../../db/sql-helpers.ts";

/** A subscription as the Miniflux API shows it: a feed (a list and an inbox are feeds too). */
export interface MinifluxFeedRow {
  syncId: number;
  type: "feed" | "list" | "inbox";
  targetId: string;
  category: string | null;
  title: string;
  feedUrl: string | null;
  siteUrl: string | null;
  checkedAt: Date | null;
  nextCheckAt: Date | null;
  errorCount: number;
  errorMessage: string | null;
  icon: string | null;
  handle: string | null;
  createdAt: Date;
}

export interface MinifluxEntryRow {
  syncId: number;
  entryId: string;
  feedSyncId: number;
  title: string | null;
  url: string | null;
  author: string | null;
  html: string | null;
  hash: string | null;
  categories: string[] | null;
  attachments: EntryAttachment[] | null;
  publishedAt: Date;
  insertedAt: Date;
  updatedAt: Date;
  unread: boolean;
  starred: boolean;
}

/** Which of the reader's entries a call asks for, and in what order (miniflux.params.ts reads it). */
export interface EntryFilter {
  /** Only entries that came through these subscriptions (their target ids); null: all. */
  sourceIds: string[] | null;
  status: ("read" | "unread")[] | null;
  starred: boolean | null;
  publishedBefore: Date | null;
  publishedAfter: Date | null;
  changedBefore: Date | null;
  changedAfter: Date | null;
  beforeId: number | null;
  afterId: number | null;
  search: string | null;
  /** Category names in the order their ids sort (for order=category_id). */
  categoryOrder: string[];
  order: "id" | "status" | "published_at" | "category_title" | "category_id" | "created_at" | "changed_at";
  direction: "asc" | "desc";
  limit: number;
  offset: number;
}

/**
 * An order's direction as the timeline's indexes are sorted (`DESC NULLS LAST`, read backwards
 * `ASC NULLS FIRST`): written so, the planner walks them instead of sorting every row (the
 * columns are never null, so the order is the same).
 */
const directionOf = (filter: Pick<EntryFilter, "direction">) => sql.raw(filter.direction === "desc" ? "DESC NULLS LAST" : "ASC NULLS FIRST");

/** The views a timeline row may be in (subscriptions_view_range). */
const VIEWS = [0, 1, 2, 3, 4, 5];

/** The folder Miniflux files a subscription without one in: every feed there has a category. */
export const DEFAULT_CATEGORY = "All";

const toDate = (value: string | Date | null) => (value === null ? null : new Date(value));

/**
 * What the Miniflux API reads of one reader. Its entries are the reader's timeline, each once:
 * an entry that came through several subscriptions (a feed and a list holding it) belongs to the
 * feed's, else to the one with the smallest id.
 */
export function createMinifluxRepo(db: Database) {
  /**
   * The reader's rows of `table` (the timeline, or its unread part), one per entry: the row of the
   * entry's feed (a reader follows a feed once), else, for an entry only a list or an inbox
   * brought, the row with the smallest source id. Scanned by the tables' (user, source, time)
   * indexes; the few list and inbox rows alone are checked against the others.
   */
  const mine = (userId: string, table: "timeline" | "unread_entries", sourceIds: string[] | null) => sql`
    ${feedRows(userId, table, sourceIds, sql`t.entry_id, t.source_id, t.published_at`)}
    UNION ALL
    ${otherRows(userId, table, sourceIds, sql`t.entry_id, t.source_id, t.published_at`)}`;
  /** A set of sources as one array parameter: `= ANY` lets the (user, source, time) indexes be used. */
  const sourcesIn = (sourceIds: string[] | null) => (sourceIds ? sql`AND t.source_id = ANY(${`{${sourceIds.join(",")}}`}::bigint[])` : sql``);
  const feedRows = (userId: string, table: "timeline" | "unread_entries", sourceIds: string[] | null, select: SQL) =>
    sql`SELECT ${select} FROM ${sql.raw(table)} t WHERE t.user_id = ${userId} AND t.source_type = 'feed' ${sourcesIn(sourceIds)}`;
  // The rows of lists and inboxes, by their sources' index entries (the reader's few list and inbox
  // subscriptions), not by a look at every row the reader has.
  const otherRows = (userId: string, table: "timeline" | "unread_entries", sourceIds: string[] | null, select: SQL) => sql`
    SELECT ${select} FROM ${sql.raw(table)} t WHERE t.user_id = ${userId} AND t.source_type <> 'feed'
      ${sourceIds ? sourcesIn(sourceIds) : sql`AND t.source_id = ANY(ARRAY(SELECT s.target_id FROM subscriptions s WHERE s.user_id = ${userId} AND s.type <> 'feed'))`}
      AND NOT EXISTS (SELECT 1 FROM timeline o WHERE o.user_id = t.user_id AND o.entry_id = t.entry_id AND (o.source_type = 'feed' OR o.source_id < t.source_id))`;

  /**
   * How many unread entries, when nothing else narrows them: the feeds' part from the unread
   * counts (kept with the unread rows in the same statements, so exact), lists' and inboxes' few
   * rows counted.
   */
  const countUnread = async (userId: string, sourceIds: string[] | null): Promise<number> => {
    const [row] = rowsOf<{ feeds: number | null; others: number }>(
      await db.execute(sql`
        SELECT (SELECT sum(c.count)::int FROM unread_counts c JOIN subscriptions s ON s.user_id = c.user_id AND s.target_id = c.source_id AND s.type = 'feed'
                WHERE c.user_id = ${userId} ${sourceIds ? sql`AND c.source_id = ANY(${`{${sourceIds.join(",")}}`}::bigint[])` : sql``}) AS feeds,
          (SELECT count(*)::int FROM (${otherRows(userId, "unread_entries", sourceIds, sql`1`)}) o) AS others`),
    );
    return Number(row?.feeds ?? 0) + Number(row?.others ?? 0);
  };
  /** Every view's first `limit + offset` feed rows in publication order, and the lists' and inboxes' rows: a page's candidates. */
  const newestByView = (userId: string, table: "timeline" | "unread_entries", filter: EntryFilter) => {
    const direction = directionOf(filter);
    const views = VIEWS.map(
      (view) => sql`(SELECT t.entry_id, t.source_id, t.published_at FROM ${sql.raw(table)} t WHERE t.user_id = ${userId} AND t.source_type = 'feed' AND t.view = ${view}
        ORDER BY t.published_at ${direction}, t.entry_id ${direction} LIMIT ${filter.limit + filter.offset})`,
    );
    return sql`(${sql.join([...views, sql`(${otherRows(userId, table, null, sql`t.entry_id, t.source_id, t.published_at`)})`], sql` UNION ALL `)}) m`;
  };
  /** Whether a filter narrows entries beyond their status and sources. */
  const narrowed = (filter: EntryFilter) =>
    filter.starred !== null || filter.publishedBefore !== null || filter.publishedAfter !== null || filter.changedBefore !== null || filter.changedAfter !== null || filter.beforeId !== null || filter.afterId !== null || filter.search !== null;
  const unread = (userId: string, entry: SQL) => sql`EXISTS (SELECT 1 FROM unread_entries u WHERE u.user_id = ${userId} AND u.entry_id = ${entry})`;
  const starred = (userId: string, entry: SQL) => sql`EXISTS (SELECT 1 FROM collections c WHERE c.user_id = ${userId} AND c.entry_id = ${entry})`;

  /** Whether a filter or an order reads the entries' own columns, or the subscriptions'. */
  const needsEntry = (filter: EntryFilter) =>
    filter.changedBefore !== null || filter.changedAfter !== null || filter.beforeId !== null || filter.afterId !== null || filter.search !== null || ["id", "created_at", "changed_at"].includes(filter.order);
  const needsSubscription = (filter: EntryFilter) => filter.order === "category_title" || filter.order === "category_id";

  /** The filter over `m` (mine), `e` (entries) and `s` (subscriptions). */
  function conditions(userId: string, filter: EntryFilter, table: "timeline" | "unread_entries"): SQL {
    const parts: SQL[] = [sql`TRUE`];
    if (table === "timeline" && filter.status?.length === 1 && filter.status[0] === "read") parts.push(sql`NOT ${unread(userId, sql`m.entry_id`)}`);
    if (filter.starred !== null) parts.push(filter.starred ? starred(userId, sql`m.entry_id`) : sql`NOT ${starred(userId, sql`m.entry_id`)}`);
    if (filter.publishedBefore) parts.push(sql`m.published_at < ${filter.publishedBefore.toISOString()}::timestamptz`);
    if (filter.publishedAfter) parts.push(sql`m.published_at > ${filter.publishedAfter.toISOString()}::timestamptz`);
    if (filter.changedBefore) parts.push(sql`e.updated_at < ${filter.changedBefore.toISOString()}::timestamptz`);
    if (filter.changedAfter) parts.push(sql`e.updated_at > ${filter.changedAfter.toISOString()}::timestamptz`);
    if (filter.beforeId !== null) parts.push(sql`e.sync_id < ${filter.beforeId}`);
    if (filter.afterId !== null) parts.push(sql`e.sync_id > ${filter.afterId}`);
    if (filter.search) {
      const pattern = `%${filter.search.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
      parts.push(sql`(e.title ILIKE ${pattern} OR e.description ILIKE ${pattern} OR e.content ILIKE ${pattern})`);
    }
    return sql.join(parts, sql` AND `);
  }

  /** Every order ends with the entry: a total order, so that offset paging never repeats one. */
  function ordering(userId: string, filter: EntryFilter): SQL {
    const direction = directionOf(filter);
    const tieBreak = sql`m.entry_id ${direction}`;
    switch (filter.order) {
      case "id":
        return sql`e.sync_id ${direction}`;
      case "status":
        // As Miniflux sorts its status text: "read" before "unread".
        return sql`${unread(userId, sql`m.entry_id`)} ${direction}, ${tieBreak}`;
      case "category_title":
        return sql`coalesce(s.category, ${DEFAULT_CATEGORY}) ${direction}, ${tieBreak}`;
      case "category_id":
        return sql`array_position(ARRAY(SELECT * FROM ${textSet(filter.categoryOrder)}), coalesce(s.category, ${DEFAULT_CATEGORY})) ${direction}, ${tieBreak}`;
      case "created_at":
        return sql`e.inserted_at ${direction}, ${tieBreak}`;
      case "changed_at":
        return sql`e.updated_at ${direction}, ${tieBreak}`;
      default:
        return sql`m.published_at ${direction}, ${tieBreak}`;
    }
  }

  const entryRow = (row: Record<string, unknown>): MinifluxEntryRow => ({
    syncId: Number(row.sync_id),
    entryId: String(row.id),
    feedSyncId: Number(row.feed_sync_id),
    title: row.title as string | null,
    url: row.url as string | null,
    author: row.author as string | null,
    html: row.html as string | null,
    hash: row.content_hash as string | null,
    categories: row.categories as string[] | null,
    attachments: row.attachments as EntryAttachment[] | null,
    publishedAt: new Date(row.published_at as string),
    insertedAt: new Date(row.inserted_at as string),
    updatedAt: new Date(row.updated_at as string),
    unread: row.unread as boolean,
    starred: row.starred as boolean,
  });

  /** The columns an entry is shown with, over `m`, `e` and `s`. */
  const columns = (userId: string) => sql`
    e.sync_id, e.id, e.title, e.url, e.author, COALESCE(e.content, e.description) AS html, e.content_hash, e.categories, e.attachments,
    m.published_at, e.inserted_at, e.updated_at, s.sync_id AS feed_sync_id, ${unread(userId, sql`e.id`)} AS unread, ${starred(userId, sql`e.id`)} AS starred`;
  const joinEntry = sql`JOIN entries e ON e.id = m.entry_id`;
  const joinSubscription = (userId: string) => sql`JOIN subscriptions s ON s.user_id = ${userId} AND s.target_id = m.source_id`;

  return {
    /** The names of the reader's categories: their subscriptions' folders, "All", and the empty ones apps made. */
    async categoryNames(userId: string): Promise<string[]> {
      const rows = rowsOf<{ name: string }>(
        await db.execute(sql`
          SELECT DISTINCT coalesce(category, ${DEFAULT_CATEGORY}) AS name FROM subscriptions WHERE user_id = ${userId}
          UNION SELECT name FROM app_categories WHERE user_id = ${userId}
          UNION SELECT ${DEFAULT_CATEGORY}`),
      );
      return rows.map((row) => row.name);
    },

    /** The reader's subscriptions with what they point at, by sync id: all, or those with these sync ids, or in this category. */
    async feeds(userId: string, only: { syncIds?: number[]; category?: string } = {}): Promise<MinifluxFeedRow[]> {
      const rows = rowsOf<Record<string, unknown>>(
        await db.execute(sql`
          SELECT s.sync_id, s.type, s.target_id, s.category, s.created_at, i.handle,
            coalesce(s.title, f.title, l.title, i.title, f.url, i.handle) AS title, f.url AS feed_url, f.site_url, f.checked_at, f.next_check_at,
            coalesce(f.error_count, 0) AS error_count, f.error_message, coalesce(f.image, f.site_icon, l.image, i.image) AS icon
          FROM subscriptions s
          LEFT JOIN feeds f ON f.id = s.feed_id
          LEFT JOIN lists l ON l.id = s.list_id
          LEFT JOIN inboxes i ON i.id = s.inbox_id
          WHERE s.user_id = ${userId}
            ${only.syncIds ? sql`AND s.sync_id = ANY(${`{${only.syncIds.join(",")}}`}::int[])` : sql``}
            ${only.category !== undefined ? sql`AND coalesce(s.category, ${DEFAULT_CATEGORY}) = ${only.category}` : sql``}
          ORDER BY s.sync_id`),
      );
      return rows.map((row) => ({
        syncId: Number(row.sync_id),
        type: row.type as MinifluxFeedRow["type"],
        targetId: String(row.target_id),
        category: row.category as string | null,
        title: (row.title as string | null) ?? "",
        feedUrl: row.feed_url as string | null,
        siteUrl: row.site_url as string | null,
        checkedAt: toDate(row.checked_at as string | null),
        nextCheckAt: toDate(row.next_check_at as string | null),
        errorCount: Number(row.error_count),
        errorMessage: row.error_message as string | null,
        icon: row.icon as string | null,
        handle: row.handle as string | null,
        createdAt: new Date(row.created_at as string),
      }));
    },

    /** The empty categories the reader's apps made (app_categories). */
    async appCategories(userId: string): Promise<string[]> {
      return rowsOf<{ name: string }>(await db.execute(sql`SELECT name FROM app_categories WHERE user_id = ${userId} ORDER BY name`)).map((row) => row.name);
    },

    async addCategory(userId: string, name: string): Promise<void> {
      await db.execute(sql`INSERT INTO app_categories (user_id, name) VALUES (${userId}, ${name}) ON CONFLICT DO NOTHING`);
    },

    /** Renames (to a name) or removes (null) an app's category; its subscriptions are the caller's. */
    async changeCategory(userId: string, name: string, to: string | null): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.execute(sql`DELETE FROM app_categories WHERE user_id = ${userId} AND name = ${name}`);
        if (to !== null) await tx.execute(sql`INSERT INTO app_categories (user_id, name) VALUES (${userId}, ${to}) ON CONFLICT DO NOTHING`);
      });
    },

    /** Unread and read entries per subscription (target id), each entry counted once. */
    async counters(userId: string): Promise<{ unread: Map<string, number>; read: Map<string, number> }> {
      const rows = rowsOf<{ source_id: string | number; unread: number; total: number }>(
        await db.execute(sql`
          SELECT m.source_id, count(*)::int AS total, count(*) FILTER (WHERE EXISTS (SELECT 1 FROM unread_entries u WHERE u.user_id = ${userId} AND u.entry_id = m.entry_id))::int AS unread
          FROM (${mine(userId, "timeline", null)}) m GROUP BY m.source_id`),
      );
      const unread = new Map<string, number>();
      const read = new Map<string, number>();
      for (const row of rows) {
        unread.set(String(row.source_id), Number(row.unread));
        read.set(String(row.source_id), Number(row.total) - Number(row.unread));
      }
      return { unread, read };
    },

    /**
     * A page of the reader's entries and how many match in all: the page is chosen on the
     * timeline's own columns (its unread part when only unread ones are asked for), joined to the
     * entries first only when a filter or the order reads them, and shown with them after.
     */
    async entries(userId: string, filter: EntryFilter): Promise<{ total: number; rows: MinifluxEntryRow[] }> {
      if (filter.status && filter.status.length === 0) return { total: 0, rows: [] };
      const table = filter.status?.length === 1 && filter.status[0] === "unread" ? "unread_entries" : "timeline";
      const joins = sql`${needsEntry(filter) ? joinEntry : sql``} ${needsSubscription(filter) ? joinSubscription(userId) : sql``}`;
      const where = conditions(userId, filter, table);
      const order = ordering(userId, filter);
      // The newest (or oldest) of everything, unread or all: each view's first rows by the
      // (user, view, time) index, merged, where sorting every row the reader has would cost ~50 ms
      // at a hundred thousand.
      const byViews = filter.order === "published_at" && filter.sourceIds === null && !narrowed(filter) && (table === "unread_entries" || filter.status === null || filter.status.length === 2);
      const page = byViews ? newestByView(userId, table, filter) : sql`(${mine(userId, table, filter.sourceIds)}) m ${joins} WHERE ${where}`;
      const [rows, counted] = await Promise.all([
        db.execute(sql`
          SELECT ${columns(userId)} FROM (
            SELECT m.entry_id, m.source_id, m.published_at FROM ${page} ORDER BY ${order} LIMIT ${filter.limit} OFFSET ${filter.offset}
          ) m ${joinEntry} ${joinSubscription(userId)}
          ORDER BY ${order}`),
        table === "unread_entries" && !narrowed(filter)
          ? countUnread(userId, filter.sourceIds)
          : db.execute(sql`SELECT count(*)::int AS n FROM (${mine(userId, table, filter.sourceIds)}) m ${joins} WHERE ${where}`).then((result) => Number(rowsOf<{ n: number }>(result)[0]?.n ?? 0)),
      ]);
      return { total: counted, rows: rowsOf<Record<string, unknown>>(rows).map(entryRow) };
    },

    /** One of the reader's entries by its sync id (among some subscriptions' only), or null. */
    async entry(userId: string, syncId: number, sourceIds: string[] | null = null): Promise<MinifluxEntryRow | null> {
      const [row] = rowsOf<Record<string, unknown>>(
        await db.execute(sql`
          SELECT ${columns(userId)} FROM (${mine(userId, "timeline", sourceIds)}) m ${joinEntry} ${joinSubscription(userId)}
          WHERE m.entry_id = (SELECT id FROM entries WHERE sync_id = ${syncId}) AND ${entryVisibleTo(userId)}`),
      );
      return row ? entryRow(row) : null;
    },

    /** The reader's entries among these sync ids: entry id and view by sync id (others are not theirs). */
    async ownEntries(userId: string, syncIds: number[]): Promise<Map<number, { entryId: string; view: number }>> {
      const rows = rowsOf<{ sync_id: string | number; id: string | number; view: number }>(
        await db.execute(sql`
          SELECT e.sync_id, e.id, (SELECT t.view FROM timeline t WHERE t.user_id = ${userId} AND t.entry_id = e.id ORDER BY (t.source_type = 'feed') DESC LIMIT 1) AS view
          FROM entries e
          WHERE e.sync_id IN ${idSet(syncIds.map(String))} AND ${entryVisibleTo(userId)}
            AND EXISTS (SELECT 1 FROM timeline t WHERE t.user_id = ${userId} AND t.entry_id = e.id)`),
      );
      return new Map(rows.map((row) => [Number(row.sync_id), { entryId: String(row.id), view: Number(row.view ?? 0) }]));
    },
  };
}

export type MinifluxRepo = ReturnType<typeof createMinifluxRepo>;
