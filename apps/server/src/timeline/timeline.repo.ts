import { type SQL, sql } from "drizzle-orm";
import { rowsOf, type Database, type Executor } from "../db/client.ts";
import { at, idSet } from "../db/sql-helpers.ts";
import { deliver, deliveryCtes } from "./delivery.ts";

/**
 * Delivery and reading state. `timeline` holds what reached each user, `unread_entries` what of it
 * is unread, `unread_counts` how many per source. Every statement that adds or removes unread rows
 * moves the counts in the same statement, so the three agree at every commit.
 */

/** Lowers the counts by the unread rows a DELETE … RETURNING user_id, source_id removed. */
const uncount = (deleted: SQL) => sql`
  WITH gone AS (${deleted}),
  moved AS (SELECT user_id, source_id, count(*)::int AS n FROM gone GROUP BY user_id, source_id)
  UPDATE unread_counts c SET count = GREATEST(c.count - moved.n, 0) FROM moved
  WHERE c.user_id = moved.user_id AND c.source_id = moved.source_id`;

/** Which unread rows a mark-all covers. */
export interface MarkAllScope {
  view?: number;
  feedIds?: string[];
  sourceIds?: string[];
  startTime?: Date;
  endTime?: Date;
  excludePrivate?: boolean;
  /** Only entries fetched before this id (ids grow with fetch time): "read up to now" from a reader app. */
  belowEntryId?: string;
}

export function createTimelineRepo(db: Database) {
  return {
    /** New entries of a feed to its subscribers, and into the lists holding it, to theirs. */
    async deliverFeedEntries(executor: Executor, feedId: string, entryIds: string[], now: Date): Promise<void> {
      if (entryIds.length === 0) return;
      await executor.execute(
        deliver(
          sql`SELECT s.user_id, e.id AS entry_id, 'feed'::subscription_type AS source_type, s.feed_id AS source_id, e.feed_id, s.view, e.published_at
              FROM subscriptions s JOIN entries e ON e.feed_id = s.feed_id
              WHERE s.feed_id = ${feedId} AND e.id IN ${idSet(entryIds)}`,
          now,
        ),
      );
      // Most feeds are in no list: a one-row look spares planning the two statements of lists.
      const listed = rowsOf<{ listed: boolean }>(await executor.execute(sql`SELECT ${this.feedListed(feedId)} AS listed`));
      if (listed[0]?.listed === true) await this.deliverToLists(executor, feedId, entryIds, now);
    },

    /**
     * deliverFeedEntries' delivery to the feed's subscribers, as CTEs (named `delivery_…`) of the
     * statement that inserts the entries: `inserted` names that statement's CTE of the entries it
     * inserted (id, published_at). A refresh stores and delivers in one statement so; the lists
     * holding the feed (`feedListed`) get them by deliverToLists after it.
     */
    feedDeliveryCtes(feedId: string, inserted: SQL, now: Date): SQL {
      return deliveryCtes(
        sql`SELECT s.user_id, i.id AS entry_id, 'feed'::subscription_type AS source_type, s.feed_id AS source_id, s.feed_id, s.view, i.published_at
            FROM subscriptions s CROSS JOIN ${inserted} i WHERE s.feed_id = ${feedId}`,
        now,
        "delivery",
        { inserted: true },
      );
    },

    /** Whether some list holds the feed (an SQL condition). */
    feedListed(feedId: string): SQL {
      return sql`EXISTS (SELECT 1 FROM list_feeds WHERE feed_id = ${feedId})`;
    },

    /** A feed's new entries into the lists holding it, and to those lists' subscribers. */
    async deliverToLists(executor: Executor, feedId: string, entryIds: string[], now: Date): Promise<void> {
      if (entryIds.length === 0) return;
      // The batch enters each list "now", a millisecond apart in publication order (as in
      // addListFeedEntries): the list shows it in the feed's order, and no two share a time.
      await executor.execute(sql`
        INSERT INTO list_entries (list_id, entry_id, feed_id, inserted_at)
        SELECT lf.list_id, e.id, e.feed_id,
          ${at(now)} - (row_number() OVER (PARTITION BY lf.list_id ORDER BY e.published_at DESC, e.id DESC) - 1) * interval '1 millisecond'
        FROM list_feeds lf JOIN entries e ON e.feed_id = lf.feed_id
        WHERE lf.feed_id = ${feedId} AND e.id IN ${idSet(entryIds)}
        ON CONFLICT DO NOTHING`);
      await executor.execute(
        deliver(
          sql`SELECT s.user_id, le.entry_id, 'list'::subscription_type AS source_type, le.list_id AS source_id, le.feed_id, s.view, le.inserted_at AS published_at
              FROM list_entries le JOIN subscriptions s ON s.list_id = le.list_id
              WHERE le.entry_id IN ${idSet(entryIds)}`,
          now,
        ),
      );
    },

    /** Gives a new subscriber of a feed its most recent entries (already read ones stay read). */
    async backfillFeed(executor: Executor, userId: string, feedId: string, view: number, now: Date, limit: number): Promise<void> {
      await this.backfillFeeds(executor, userId, [{ feedId, view }], now, limit);
    },

    /**
     * backfillFeed for many feeds of one subscriber at once (an OPML import): each feed's `limit`
     * most recent entries, in the view of its subscription, in one statement.
     */
    async backfillFeeds(executor: Executor, userId: string, feeds: { feedId: string; view: number }[], now: Date, limit: number): Promise<void> {
      if (feeds.length === 0) return;
      const payload = JSON.stringify(feeds.map((feed) => ({ feed_id: feed.feedId, view: feed.view })));
      await executor.execute(
        deliver(
          sql`SELECT ${userId}::text AS user_id, e.id AS entry_id, 'feed'::subscription_type AS source_type, e.feed_id AS source_id, e.feed_id, f.view, e.published_at
              FROM jsonb_to_recordset(${payload}::jsonb) AS f(feed_id bigint, view smallint)
              CROSS JOIN LATERAL (SELECT id, feed_id, published_at FROM entries WHERE feed_id = f.feed_id
                                  ORDER BY published_at DESC NULLS LAST, id DESC NULLS LAST LIMIT ${limit}) e`,
          now,
        ),
      );
    },

    /** Gives a new subscriber of a list the list's recent entries. */
    async backfillList(executor: Executor, userId: string, listId: string, view: number, now: Date, limit: number): Promise<void> {
      await executor.execute(
        deliver(
          sql`SELECT ${userId}::text AS user_id, le.entry_id, 'list'::subscription_type AS source_type, le.list_id AS source_id, le.feed_id, ${view}::smallint AS view, le.inserted_at AS published_at
              FROM (SELECT * FROM list_entries WHERE list_id = ${listId}
                    ORDER BY inserted_at DESC NULLS LAST, entry_id DESC NULLS LAST LIMIT ${limit}) le`,
          now,
        ),
      );
    },

    /** Delivers an inbox entry to the inbox's owner. */
    async deliverInboxEntry(executor: Executor, userId: string, inboxId: string, entryId: string, view: number, now: Date): Promise<void> {
      await executor.execute(
        deliver(
          sql`SELECT ${userId}::text AS user_id, e.id AS entry_id, 'inbox'::subscription_type AS source_type, ${inboxId}::bigint AS source_id, NULL::bigint AS feed_id, ${view}::smallint AS view, e.published_at
              FROM entries e WHERE e.id = ${entryId}`,
          now,
        ),
      );
    },

    /**
     * Puts the `limit` newest entries of each of `feedIds` into a list (feeds just added to it) and
     * delivers them to the list's subscribers. The batch enters the list "now", one millisecond
     * apart in publication order: the list timeline shows them in the feeds' order, and no two
     * share a sort key, which a time-only page cursor would skip over. Returns how many entered.
     */
    async addListFeedEntries(executor: Executor, listId: string, feedIds: string[], now: Date, limit: number): Promise<number> {
      if (feedIds.length === 0) return 0;
      const added = rowsOf<{ entry_id: string | number }>(
        await executor.execute(sql`
          INSERT INTO list_entries (list_id, entry_id, feed_id, inserted_at)
          SELECT ${listId}::bigint, e.id, e.feed_id,
            ${at(now)} - (row_number() OVER (ORDER BY e.published_at DESC, e.id DESC) - 1) * interval '1 millisecond'
          FROM jsonb_array_elements_text(${JSON.stringify(feedIds)}::jsonb) AS f(id)
          CROSS JOIN LATERAL (SELECT id, feed_id, published_at FROM entries WHERE feed_id = f.id::bigint
                              ORDER BY published_at DESC NULLS LAST, id DESC NULLS LAST LIMIT ${limit}) e
          ON CONFLICT DO NOTHING
          RETURNING entry_id`),
      ).map((row) => String(row.entry_id));
      if (added.length === 0) return 0;
      await executor.execute(
        deliver(
          sql`SELECT s.user_id, le.entry_id, 'list'::subscription_type AS source_type, le.list_id AS source_id, le.feed_id, s.view, le.inserted_at AS published_at
              FROM list_entries le JOIN subscriptions s ON s.list_id = le.list_id
              WHERE le.list_id = ${listId} AND le.entry_id IN ${idSet(added)}`,
          now,
        ),
      );
      return added.length;
    },

    /**
     * Takes a feed's entries out of a list (the feed left it): out of the list subscribers'
     * timelines, with their counts, then out of the list. Rows of the same entries that came
     * through other sources (the feed itself, another list) stay.
     */
    async removeListFeedEntries(executor: Executor, listId: string, feedId: string): Promise<void> {
      await executor.execute(
        uncount(sql`DELETE FROM unread_entries u USING list_entries le
                    WHERE le.list_id = ${listId} AND le.feed_id = ${feedId} AND u.source_id = ${listId} AND u.entry_id = le.entry_id
                    RETURNING u.user_id, u.source_id`),
      );
      await executor.execute(sql`DELETE FROM timeline WHERE source_id = ${listId} AND feed_id = ${feedId}`);
      await executor.execute(sql`DELETE FROM list_entries WHERE list_id = ${listId} AND feed_id = ${feedId}`);
    },

    /** Forgets a source for a user: its rows, its unread rows and its count. Stars stay. */
    async removeSource(executor: Executor, userId: string, sourceId: string): Promise<void> {
      await executor.execute(sql`DELETE FROM unread_entries WHERE user_id = ${userId} AND source_id = ${sourceId}`);
      await executor.execute(sql`DELETE FROM timeline WHERE user_id = ${userId} AND source_id = ${sourceId}`);
      await executor.execute(sql`DELETE FROM unread_counts WHERE user_id = ${userId} AND source_id = ${sourceId}`);
    },

    /** Removes entries from every timeline, moving the counts of those that were unread. */
    async removeEntries(executor: Executor, entryIds: string[]): Promise<void> {
      if (entryIds.length === 0) return;
      await executor.execute(uncount(sql`DELETE FROM unread_entries WHERE entry_id IN ${idSet(entryIds)} RETURNING user_id, source_id`));
      await executor.execute(sql`DELETE FROM timeline WHERE entry_id IN ${idSet(entryIds)}`);
    },

    /** Moves a source's rows to another view. */
    async setSourceView(executor: Executor, userId: string, sourceIds: string[], view: number): Promise<void> {
      if (sourceIds.length === 0) return;
      await executor.execute(sql`UPDATE timeline SET view = ${view} WHERE user_id = ${userId} AND source_id IN ${idSet(sourceIds)} AND view <> ${view}`);
      await executor.execute(sql`UPDATE unread_entries SET view = ${view} WHERE user_id = ${userId} AND source_id IN ${idSet(sourceIds)} AND view <> ${view}`);
    },

    /**
     * Marks entries read through every source they came by, and notes when (read histories);
     * returns how many unread rows went. Repeating a call changes nothing.
     */
    async markRead(userId: string, entryIds: string[], now: Date, executor: Executor = db): Promise<number> {
      if (entryIds.length === 0) return 0;
      await executor.execute(sql`
        INSERT INTO read_marks (user_id, entry_id, read_at)
        SELECT DISTINCT t.user_id, t.entry_id, ${at(now)} FROM timeline t WHERE t.user_id = ${userId} AND t.entry_id IN ${idSet(entryIds)}
        ON CONFLICT (user_id, entry_id) DO NOTHING`);
      return removeUnread(executor, userId, sql`u.entry_id IN ${idSet(entryIds)}`, false);
    },

    /** Marks entries unread again, through every source they came by. */
    async markUnread(userId: string, entryIds: string[], executor: Executor = db): Promise<number> {
      if (entryIds.length === 0) return 0;
      const result = await executor.execute(sql`
        WITH back AS (
          INSERT INTO unread_entries (user_id, entry_id, source_id, source_type, view, published_at)
          SELECT t.user_id, t.entry_id, t.source_id, t.source_type, t.view, t.published_at
          FROM timeline t WHERE t.user_id = ${userId} AND t.entry_id IN ${idSet(entryIds)}
          ON CONFLICT DO NOTHING
          RETURNING source_id
        ), moved AS (
          SELECT source_id, count(*)::int AS n FROM back GROUP BY source_id
        ), counted AS (
          INSERT INTO unread_counts (user_id, source_id, count) SELECT ${userId}, source_id, n FROM moved
          ON CONFLICT (user_id, source_id) DO UPDATE SET count = unread_counts.count + excluded.count
          RETURNING 1
        ), unmarked AS (
          DELETE FROM read_marks WHERE user_id = ${userId} AND entry_id IN ${idSet(entryIds)} RETURNING 1
        )
        SELECT coalesce(sum(n), 0)::int AS changed FROM moved`);
      return Number(rowsOf<{ changed: number }>(result)[0]?.changed ?? 0);
    },

    /** Marks read every unread entry in scope (and the other sources' rows of those entries). */
    async markAll(userId: string, scope: MarkAllScope, _now: Date, executor: Executor = db): Promise<number> {
      const filters: SQL[] = [];
      if (scope.view !== undefined && !scope.feedIds && !scope.sourceIds) filters.push(sql`u.source_type = 'feed' AND u.view = ${scope.view}`);
      if (scope.feedIds) filters.push(sql`u.source_type = 'feed' AND u.source_id IN ${idSet(scope.feedIds)}`);
      if (scope.sourceIds) filters.push(sql`u.source_id IN ${idSet(scope.sourceIds)}`);
      if (scope.startTime) filters.push(sql`u.published_at >= ${at(scope.startTime)}`);
      if (scope.endTime) filters.push(sql`u.published_at <= ${at(scope.endTime)}`);
      if (scope.belowEntryId) filters.push(sql`u.entry_id < ${scope.belowEntryId}`);
      if (scope.excludePrivate) {
        filters.push(sql`NOT EXISTS (SELECT 1 FROM subscriptions s WHERE s.user_id = u.user_id AND s.target_id = u.source_id AND s.is_private)`);
      }
      return removeUnread(executor, userId, filters.length ? sql.join(filters, sql` AND `) : sql`TRUE`, true);
    },

    /** Unread counts by source id (only non-zero ones). */
    async unreadCounts(userId: string): Promise<{ sourceId: string; count: number }[]> {
      const rows = rowsOf<{ source_id: string | number; count: number }>(
        await db.execute(sql`SELECT source_id, count FROM unread_counts WHERE user_id = ${userId} AND count > 0`),
      );
      return rows.map((row) => ({ sourceId: String(row.source_id), count: Number(row.count) }));
    },

    /** Rebuilds a user's counts from the unread rows (a repair tool; also what tests compare with). */
    async recount(userId: string, executor: Executor = db): Promise<void> {
      await executor.execute(sql`DELETE FROM unread_counts WHERE user_id = ${userId}`);
      await executor.execute(sql`
        INSERT INTO unread_counts (user_id, source_id, count)
        SELECT user_id, source_id, count(*)::int FROM unread_entries WHERE user_id = ${userId} GROUP BY user_id, source_id`);
    },
  };
}

/**
 * Deletes the user's unread rows of the entries matching `where` (over alias `u`) through every
 * source they came by (read in a feed is read in a list too) and lowers the counts by what went,
 * in one statement. With `scoped`, `where` selects unread rows (a mark-all scope) and the entries
 * are taken from them: one semi-join, hashed or probed in the primary key, never a nested scan.
 * Returns how many rows went.
 */
async function removeUnread(executor: Executor, userId: string, where: SQL, scoped: boolean): Promise<number> {
  const entries = scoped ? sql`o.entry_id IN (SELECT u.entry_id FROM unread_entries u WHERE u.user_id = ${userId} AND ${where})` : where;
  const result = await executor.execute(sql`
    WITH gone AS (
      DELETE FROM unread_entries ${sql.raw(scoped ? "o" : "u")} WHERE ${sql.raw(scoped ? "o" : "u")}.user_id = ${userId} AND ${entries}
      RETURNING source_id
    ), moved AS (
      SELECT source_id, count(*)::int AS n FROM gone GROUP BY source_id
    ), counted AS (
      UPDATE unread_counts c SET count = GREATEST(c.count - moved.n, 0) FROM moved
      WHERE c.user_id = ${userId} AND c.source_id = moved.source_id RETURNING 1
    )
    SELECT coalesce(sum(n), 0)::int AS changed FROM moved`);
  return Number(rowsOf<{ changed: number }>(result)[0]?.changed ?? 0);
}

export type TimelineRepo = ReturnType<typeof createTimelineRepo>;
