import { type SQL, sql } from "drizzle-orm";
import { rowsOf, type Database } from "../../db/client.ts";
import { at, entryVisibleTo, idSet, notBlockedBy } from "../../db/sql-helpers.ts";
import { after, encodeCursor, fromMicros, type PagePosition, type SortKey, tieRest, toMicros } from "../../db/page-cursor.ts";

/** The entry columns a timeline page carries (content only when asked for). */
const columns = (withContent: boolean) => sql.raw(`e.id, e.feed_id, e.inbox_id, e.guid, e.title, e.url, e.description, e.author,
  e.author_url, e.author_avatar, e.language, e.media, e.categories, e.attachments, e.extra, e.published_at, e.inserted_at, e.updated_at
  ${withContent ? ", e.content" : ""}`);

export interface EntryRecord {
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
  content?: string | null;
  readability_content?: string | null;
  /** Per-user state: null when the caller does not follow the entry's source. */
  read: boolean | null;
  starred_at: string | Date | null;
  /** The sort key of the page (publication, list insertion or star time). */
  sort_at: string | Date;
  /** The same, exactly: microseconds since the epoch. */
  sort_us: string;
}

export interface TimelineQuery {
  userId: string;
  limit: number;
  withContent: boolean;
  position?: PagePosition;
  unreadOnly?: boolean;
  startTime?: Date;
  endTime?: Date;
  excludePrivate?: boolean;
  /** A first page that may end inside a millisecond (it will not be continued by a time alone). */
  exact?: boolean;
}

/** One page of a timeline, and where the next one starts (null: this was the last). */
export interface EntryPage {
  records: EntryRecord[];
  nextCursor: string | null;
}

/** Most items a page for a time-only cursor adds to finish the millisecond it ended in. */
const MAX_TIE = 5000;

const starredJoin = (userId: string) => sql`LEFT JOIN collections c ON c.user_id = ${userId} AND c.entry_id = e.id`;

/** The caller's read state of entry `e`: null when it never reached them, else whether no unread row is left. */
const readState = (userId: string) => sql`CASE WHEN EXISTS (SELECT 1 FROM timeline r WHERE r.user_id = ${userId} AND r.entry_id = e.id)
  THEN NOT EXISTS (SELECT 1 FROM unread_entries u WHERE u.user_id = ${userId} AND u.entry_id = e.id) END`;

/** Read state in a source the caller follows: whatever has no unread row is read (entries from before they followed too). */
const followedReadState = (userId: string) => sql`NOT EXISTS (SELECT 1 FROM unread_entries u WHERE u.user_id = ${userId} AND u.entry_id = e.id)`;

export function createEntriesRepo(db: Database) {
  async function run(query: SQL): Promise<EntryRecord[]> {
    return rowsOf<EntryRecord>(await db.execute(query));
  }

  /**
   * Runs a paged query: `build(filter, limit)` must answer the rows matching `filter` (when
   * given) in `key`'s order, at most `limit`, with their sort key as `sort_us`. A page asked by a
   * time alone (or the first page, which such a client continues by the last item's time) is
   * completed with the rest of the millisecond it ends in, so that cursor loses nothing.
   */
  async function paged(q: TimelineQuery, key: SortKey, build: (filter: SQL | null, limit: number) => SQL): Promise<EntryPage> {
    const records = await run(build(q.position ? after(key, q.position) : null, q.limit));
    const full = records.length === q.limit;
    const last = records.at(-1);
    const byTime = q.position ? q.position.kind === "time" : !q.exact;
    if (full && last && byTime) records.push(...(await run(build(tieRest(key, last.sort_us, String(last.id)), MAX_TIE))));
    const end = records.at(-1);
    return { records, nextCursor: full && end ? encodeCursor(end.sort_us, String(end.id)) : null };
  }

  const timelineKey: SortKey = { time: sql`t.published_at`, id: sql`t.entry_id` };
  const entryKey: SortKey = { time: sql`e.published_at`, id: sql`e.id` };
  const listKey: SortKey = { time: sql`le.inserted_at`, id: sql`le.entry_id` };
  const starKey: SortKey = { time: sql`c.created_at`, id: sql`c.entry_id` };
  const where = (filters: (SQL | null)[]) => sql.join(filters.filter((f): f is SQL => f !== null), sql` AND `);

  /**
   * Timeline rows of the caller: the "all" of a view, or given sources (feeds, a list, an inbox).
   * What the caller blocked has no rows there, nor stars (see schema/blocked-entries.ts); the
   * pages below read from what everyone shares leave it out with `notBlockedBy`.
   */
  function timelinePage(q: TimelineQuery, scope: { view?: number; sourceIds?: string[]; sourceType?: "feed" | "list" | "inbox" }) {
    const filters: SQL[] = [sql`t.user_id = ${q.userId}`];
    if (scope.sourceIds) filters.push(scope.sourceIds.length === 1 ? sql`t.source_id = ${scope.sourceIds[0]}` : sql`t.source_id IN ${idSet(scope.sourceIds)}`);
    if (scope.sourceType) filters.push(sql`t.source_type = ${scope.sourceType}`);
    if (scope.view !== undefined) filters.push(sql`t.view = ${scope.view}`);
    if (q.startTime) filters.push(sql`t.published_at >= ${at(q.startTime)}`);
    if (q.endTime) filters.push(sql`t.published_at <= ${at(q.endTime)}`);
    if (q.excludePrivate) {
      filters.push(sql`NOT EXISTS (SELECT 1 FROM subscriptions s WHERE s.user_id = t.user_id AND s.target_id = t.source_id AND s.is_private)`);
    }
    // Unread-only pages scan the unread rows, which carry the same keys and sort columns. The ORDER BY
    // matches the indexes (DESC NULLS LAST), so a page is a short backward index scan either way.
    // The read state is probed for the page's rows only, outside the LIMIT: inside, the planner may
    // hash every unread row of the user first.
    const rows = q.unreadOnly ? sql`unread_entries` : sql`timeline`;
    const read = q.unreadOnly
      ? sql`false`
      : sql`NOT EXISTS (SELECT 1 FROM unread_entries u WHERE u.user_id = ${q.userId} AND u.entry_id = t.entry_id)`;
    return paged(q, timelineKey, (filter, limit) => sql`
      SELECT ${columns(q.withContent)}, ${read} AS read, c.created_at AS starred_at, t.published_at AS sort_at, ${toMicros(sql`t.published_at`)} AS sort_us
      FROM (SELECT entry_id, published_at FROM ${rows} t WHERE ${where([...filters, filter])}
            ORDER BY t.published_at DESC NULLS LAST, t.entry_id DESC NULLS LAST LIMIT ${limit}) t
      JOIN entries e ON e.id = t.entry_id
      ${starredJoin(q.userId)}
      ORDER BY t.published_at DESC NULLS LAST, t.entry_id DESC NULLS LAST`);
  }

  return {
    /** The "all" timeline of one view: entries of the caller's feed subscriptions in it. */
    viewTimeline: (q: TimelineQuery, view: number) => timelinePage(q, { view, sourceType: "feed" }),

    /** Entries of some followed sources (feeds of a folder, a list, an inbox). */
    sourceTimeline: (q: TimelineQuery, sourceIds: string[]) => timelinePage(q, { sourceIds }),

    /**
     * A feed's entries straight from the store: all of them, not only those delivered to the
     * caller's timeline when they followed it. `followed`: the caller follows the feed, so what
     * is not unread is read (else read is null for what never reached them).
     */
    feedEntries(q: TimelineQuery, feedId: string, followed = false): Promise<EntryPage> {
      const filters: SQL[] = [sql`e.feed_id = ${feedId}`, notBlockedBy(q.userId, sql`e.id`)];
      if (q.startTime) filters.push(sql`e.published_at >= ${at(q.startTime)}`);
      if (q.endTime) filters.push(sql`e.published_at <= ${at(q.endTime)}`);
      return paged(q, entryKey, (filter, limit) => sql`
        SELECT ${columns(q.withContent)},
          ${followed ? followedReadState(q.userId) : readState(q.userId)} AS read,
          c.created_at AS starred_at, e.published_at AS sort_at, ${toMicros(sql`e.published_at`)} AS sort_us
        FROM entries e ${starredJoin(q.userId)}
        WHERE ${where([...filters, filter])}
        ORDER BY e.published_at DESC NULLS LAST, e.id DESC NULLS LAST LIMIT ${limit}`);
    },

    /** A list's entries by when they entered it: all of them, whether the caller follows the list or not. */
    listEntries(q: TimelineQuery, listId: string, followed = false): Promise<EntryPage> {
      const filters: SQL[] = [sql`le.list_id = ${listId}`, notBlockedBy(q.userId, sql`le.entry_id`)];
      if (q.startTime) filters.push(sql`le.inserted_at >= ${at(q.startTime)}`);
      if (q.endTime) filters.push(sql`le.inserted_at <= ${at(q.endTime)}`);
      return paged(q, listKey, (filter, limit) => sql`
        SELECT ${columns(q.withContent)},
          ${followed ? followedReadState(q.userId) : readState(q.userId)} AS read,
          c.created_at AS starred_at, le.inserted_at AS sort_at, ${toMicros(sql`le.inserted_at`)} AS sort_us
        FROM (SELECT entry_id, inserted_at FROM list_entries le WHERE ${where([...filters, filter])}
              ORDER BY le.inserted_at DESC NULLS LAST, le.entry_id DESC NULLS LAST LIMIT ${limit}) le
        JOIN entries e ON e.id = le.entry_id ${starredJoin(q.userId)}
        ORDER BY le.inserted_at DESC NULLS LAST, le.entry_id DESC NULLS LAST`);
    },

    /** Starred entries, newest star first. */
    starred(q: TimelineQuery, view?: number): Promise<EntryPage> {
      const filters: SQL[] = [sql`c.user_id = ${q.userId}`];
      if (view !== undefined) filters.push(sql`c.view = ${view}`);
      return paged(q, starKey, (filter, limit) => sql`
        SELECT ${columns(q.withContent)},
          ${readState(q.userId)} AS read,
          c.created_at AS starred_at, c.created_at AS sort_at, ${toMicros(sql`c.created_at`)} AS sort_us
        FROM (SELECT entry_id, created_at FROM collections c WHERE ${where([...filters, filter])}
              ORDER BY c.created_at DESC, c.entry_id DESC LIMIT ${limit}) c
        JOIN entries e ON e.id = c.entry_id
        ORDER BY c.created_at DESC, c.entry_id DESC`);
    },

    /** Entries by id with the caller's state (read null when not followed); none they blocked. */
    async byIds(userId: string, ids: string[], withContent: boolean, withReadability = false): Promise<EntryRecord[]> {
      if (ids.length === 0) return [];
      return run(sql`
        SELECT ${columns(withContent)} ${withReadability ? sql`, e.readability_content` : sql``},
          ${readState(userId)} AS read,
          c.created_at AS starred_at, e.published_at AS sort_at, ${toMicros(sql`e.published_at`)} AS sort_us
        FROM entries e ${starredJoin(userId)} WHERE e.id IN ${idSet(ids)} AND ${notBlockedBy(userId, sql`e.id`)}`);
    },

    /** Whether the caller may see an entry: from a feed (feeds are public) or from their own inbox, and not blocked by them. */
    async visibleTo(userId: string, entryId: string): Promise<boolean> {
      const rows = rowsOf<{ ok: boolean }>(
        await db.execute(sql`
          SELECT ${entryVisibleTo(userId)} AS ok
          FROM entries e WHERE e.id = ${entryId}`),
      );
      return rows[0]?.ok === true;
    },

    /** Content of entries, for the stream: none the caller blocked. */
    async contents(userId: string, ids: string[]): Promise<{ id: string; content: string | null; inbox_id: string | null }[]> {
      if (ids.length === 0) return [];
      return rowsOf(await db.execute(sql`SELECT e.id, e.content, e.inbox_id FROM entries e WHERE e.id IN ${idSet(ids)} AND ${notBlockedBy(userId, sql`e.id`)}`));
    },

    /** The newest timeline row inserted after `since` in scope, if any. */
    async newestSince(userId: string, since: Date, scope: { view?: number; sourceIds?: string[]; unreadOnly?: boolean }) {
      const filters: SQL[] = [sql`t.user_id = ${userId}`, sql`t.inserted_at > ${at(since)}`];
      if (scope.sourceIds) filters.push(sql`t.source_id IN ${idSet(scope.sourceIds)}`);
      else if (scope.view !== undefined) filters.push(sql`t.source_type = 'feed' AND t.view = ${scope.view}`);
      if (scope.unreadOnly) filters.push(sql`EXISTS (SELECT 1 FROM unread_entries u WHERE u.user_id = t.user_id AND u.entry_id = t.entry_id AND u.source_id = t.source_id)`);
      const rows = rowsOf<{ entry_id: string | number; inserted_at: string | Date }>(
        await db.execute(sql`SELECT t.entry_id, t.inserted_at FROM timeline t WHERE ${sql.join(filters, sql` AND `)}
          ORDER BY t.inserted_at DESC NULLS LAST LIMIT 1`),
      );
      return rows[0] ? { entryId: String(rows[0].entry_id), insertedAt: new Date(rows[0].inserted_at) } : null;
    },

    /**
     * Readers who read an entry through a public subscription, most recent first (ties by user
     * id, a total order): a page of `limit` after `skip` readers, or after a cursor's reader.
     */
    async readers(entryId: string, limit: number, from: { skip?: number; after?: { us: string; userId: string } } = {}) {
      // A read counts as public when the entry reached the reader through at least one public subscription.
      const publicRead = sql`EXISTS (SELECT 1 FROM timeline t WHERE t.user_id = m.user_id AND t.entry_id = m.entry_id
        AND NOT EXISTS (SELECT 1 FROM subscriptions s WHERE s.user_id = t.user_id AND s.target_id = t.source_id AND s.is_private))`;
      const after = from.after ? sql`AND (m.read_at, m.user_id) < (${fromMicros(from.after.us)}, ${from.after.userId})` : sql``;
      const readers = rowsOf<{ id: string; name: string; image: string | null; handle: string | null; read_us: string }>(
        await db.execute(sql`
          SELECT u.id, u.name, u.image, u.handle, ${toMicros(sql`m.read_at`)} AS read_us FROM read_marks m JOIN users u ON u.id = m.user_id
          WHERE m.entry_id = ${entryId} AND ${publicRead} ${after}
          ORDER BY m.read_at DESC, m.user_id DESC LIMIT ${limit} OFFSET ${from.skip ?? 0}`),
      );
      const total = rowsOf<{ n: number }>(
        await db.execute(sql`SELECT count(*)::int AS n FROM read_marks m WHERE m.entry_id = ${entryId} AND ${publicRead}`),
      )[0]?.n;
      const last = readers.at(-1);
      return {
        users: readers.map(({ read_us: _us, ...user }) => user),
        total: Number(total ?? 0),
        next: readers.length === limit && last ? { us: last.read_us, userId: last.id } : null,
      };
    },
  };
}

export type EntriesRepo = ReturnType<typeof createEntriesRepo>;
