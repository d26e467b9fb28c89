import { type SQL, sql } from "drizzle-orm";
import { rowsOf, type Database, type Executor } from "../../db/client.ts";
import { idSet, notBlockedBy } from "../../db/sql-helpers.ts";
import { fromMicros, toMicros } from "../../db/page-cursor.ts";

/** Which of the caller's entries a search covers. */
export interface SearchScope {
  userId: string;
  /** A tsquery literal (search-query.ts: only quoted words, prefixes and operators). */
  tsquery: string;
  /** The tsquery literal results are ranked by (search-query.ts' rankQuery); `tsquery` without it. */
  rankQuery?: string;
  view?: number;
  feedId?: string;
  /** false: unread only; true: read only. */
  read?: boolean;
  /** true: starred entries only. */
  starred?: boolean;
  /** Most matches ranked: the newest ones of the caller's timeline, plus their starred matches. */
  candidates: number;
  limit: number;
  offset: number;
  /** Strictly after this result (a previous page's `next`): pages that neither skip nor repeat. */
  after?: SearchPosition;
}

/** A result's place in the ranking: its rank (as PostgreSQL prints it, exact), publication time (µs) and id. */
export interface SearchPosition {
  rank: string;
  us: string;
  id: string;
}

export interface SearchPage {
  /** Entry ids of the page, best first. */
  ids: string[];
  /** The place of each one in the ranking (a cursor starting after it). */
  positions: SearchPosition[];
  /** Where the next page starts; null when this one was the last. */
  next: SearchPosition | null;
  /** How many entries match; null when only some were looked at (a common query, or over the cap). */
  total: number | null;
}

/** An entry of a result page, in the columns entries.service's toEntry reads. */
export interface SearchEntryRecord {
  id: string;
  feed_id: string | null;
  inbox_id: string | null;
  guid: string;
  title: string | null;
  url: string | null;
  description: string | null;
  content: string | null;
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
  read: boolean | null;
  starred_at: string | Date | null;
}

/**
 * ts_rank's weights of D, C, B and A. Titles are A; bodies are D (words without positions count
 * as D), and B in documents made before version 2: the same weight, so that both rank alike.
 */
const RANK_WEIGHTS = "{0.4,0.2,0.4,1.0}";

/** Documents a query may match before it counts as common (see search()). */
export const COMMON_MATCHES = 20_000;
/** Timeline rows walked, newest first, for a common query. */
export const WALK_ROWS = 8_000;

/** How many documents the planner expects a query to match, from the index statistics. */
async function estimateMatches(executor: Executor, query: SQL): Promise<number> {
  const [row] = rowsOf<{ "QUERY PLAN": unknown }>(await executor.execute(sql`EXPLAIN (FORMAT JSON) SELECT 1 FROM entry_search WHERE document @@ ${query}`));
  const plan = typeof row?.["QUERY PLAN"] === "string" ? JSON.parse(row["QUERY PLAN"]) : row?.["QUERY PLAN"];
  return Number((plan as { Plan?: { "Plan Rows"?: number } }[] | undefined)?.[0]?.Plan?.["Plan Rows"] ?? 0);
}

/**
 * The candidate matches of a search, newest first: (entry_id, published_at) rows of the caller's
 * timeline (at most `candidates`) and of their stars.
 * - "index": the GIN index finds every match once (materialised), and each is probed in the
 *   timeline's and the stars' primary keys — exact; the cost follows the matches.
 * - "walk": the newest WALK_ROWS timeline rows (and stars) are tested one by one, newest first,
 *   stopping at the cap — bounded, whatever the number of matches.
 */
function candidates(scope: SearchScope, query: SQL, mode: "index" | "walk"): SQL {
  const timelineFilters: SQL[] = [sql`t.user_id = ${scope.userId}`];
  if (scope.view !== undefined) timelineFilters.push(sql`t.view = ${scope.view}`);
  if (scope.feedId) timelineFilters.push(sql`t.feed_id = ${scope.feedId}`);
  const unread = (alias: SQL) => sql`EXISTS (SELECT 1 FROM unread_entries u WHERE u.user_id = ${scope.userId} AND u.entry_id = ${alias}.entry_id)`;
  if (scope.read !== undefined) timelineFilters.push(scope.read ? sql`NOT ${unread(sql.raw("t"))}` : unread(sql.raw("t")));
  const starFilters: SQL[] = [sql`c.user_id = ${scope.userId}`];
  if (scope.view !== undefined) starFilters.push(sql`c.view = ${scope.view}`);
  if (scope.feedId) starFilters.push(sql`c.feed_id = ${scope.feedId}`);
  if (scope.read !== undefined) {
    // A star is read when its entry reached the caller and has no unread row left.
    starFilters.push(
      scope.read
        ? sql`EXISTS (SELECT 1 FROM timeline r WHERE r.user_id = c.user_id AND r.entry_id = c.entry_id) AND NOT ${unread(sql.raw("c"))}`
        : unread(sql.raw("c")),
    );
  }
  const inTimeline = sql.join(timelineFilters, sql` AND `);
  const inStars = sql.join(starFilters, sql` AND `);
  // The inner LIMITs keep each shape as written: the planner may not flatten them.
  const fromTimeline =
    mode === "index"
      ? sql`(SELECT t.entry_id, t.published_at FROM matches m JOIN timeline t ON t.entry_id = m.entry_id AND ${inTimeline}
          ORDER BY t.entry_id DESC LIMIT ${scope.candidates})`
      : sql`(SELECT t.entry_id, t.published_at
          FROM (SELECT entry_id, published_at FROM timeline t WHERE ${inTimeline} ORDER BY t.entry_id DESC LIMIT ${WALK_ROWS}) t
          JOIN entry_search es ON es.entry_id = t.entry_id
          WHERE es.document @@ ${query} ORDER BY t.entry_id DESC LIMIT ${scope.candidates})`;
  const fromStars =
    mode === "index"
      ? sql`(SELECT c.entry_id, e.published_at FROM matches m JOIN collections c ON c.entry_id = m.entry_id AND ${inStars}
          JOIN entries e ON e.id = c.entry_id)`
      : sql`(SELECT c.entry_id, e.published_at
          FROM (SELECT entry_id FROM collections c WHERE ${inStars} ORDER BY c.created_at DESC LIMIT ${WALK_ROWS}) c
          JOIN entry_search es ON es.entry_id = c.entry_id JOIN entries e ON e.id = c.entry_id
          WHERE es.document @@ ${query})`;
  // Entries of followed feeds that never reached the timeline (older than what a new
  // subscription delivers) are found too: a feed's whole archive is searchable once followed.
  const feedFilters: SQL[] = [sql`s.user_id = ${scope.userId}`, sql`s.feed_id IS NOT NULL`];
  if (scope.view !== undefined) feedFilters.push(sql`s.view = ${scope.view}`);
  if (scope.feedId) feedFilters.push(sql`s.feed_id = ${scope.feedId}`);
  // The matches carry their feed (entry_search.feed_id): only those of followed feeds and missing
  // from the timeline are read in entries, not every match.
  const fromFeeds =
    mode === "index" && scope.read !== false
      ? sql` UNION ALL (SELECT e.id AS entry_id, e.published_at FROM matches m
          JOIN subscriptions s ON s.feed_id = m.feed_id AND ${sql.join(feedFilters, sql` AND `)}
          JOIN entries e ON e.id = m.entry_id
          WHERE NOT EXISTS (SELECT 1 FROM timeline r WHERE r.user_id = ${scope.userId} AND r.entry_id = m.entry_id)
          ORDER BY e.id DESC LIMIT ${scope.candidates})`
      : sql``;
  const union = scope.starred ? fromStars : sql`${fromTimeline} UNION ALL ${fromStars}${fromFeeds}`;
  return mode === "index"
    ? sql`WITH matches AS MATERIALIZED (SELECT entry_id, feed_id FROM entry_search WHERE document @@ ${query}), found AS (${union})`
    : sql`WITH found AS (${union})`;
}

export function createSearchRepo(db: Database, options: { commonMatches?: number } = {}) {
  const commonMatches = options.commonMatches ?? COMMON_MATCHES;
  return {
    /**
     * One page of the caller's matching entries, best first, ties to the newer entry. Only the
     * newest `candidates` matches of the caller's timeline are ranked (plus their starred
     * matches): ts_rank reads whole documents, so ranking must stay bounded when a word is
     * everywhere. How candidates are found (see candidates()) depends on how many documents
     * the planner expects the query to match: up to COMMON_MATCHES from the index, more by
     * walking the newest rows. The planner cannot make this choice itself: it does not count
     * the cost of decompressing a document to test it, and would walk whole timelines.
     */
    async search(scope: SearchScope): Promise<SearchPage> {
      return db.transaction(async (tx) => {
        // The query travels as a constant (a literal cast once), which lets the planner estimate
        // from the index statistics. For this transaction only: no sequential scans (never the
        // fast way here), no merge joins (with a LIMIT the planner likes merging a whole timeline
        // in key order with the matches, hoping to stop early), no parallel workers or JIT (their
        // startup costs more than they save on these statements).
        await tx.execute(sql`SELECT set_config('enable_seqscan', 'off', true), set_config('enable_mergejoin', 'off', true),
          set_config('max_parallel_workers_per_gather', '0', true), set_config('jit', 'off', true)`);
        const query = sql`${scope.tsquery}::tsquery`;
        const common = (await estimateMatches(tx, query)) > commonMatches;
        // Index matches are probed one by one in the primary keys: hashing would read all of a
        // large timeline.
        if (!common) await tx.execute(sql`SELECT set_config('enable_hashjoin', 'off', true)`);
        // Ranked in a total order — rank, then the newer entry, then the higher id — so that a
        // page can start strictly after a given result (keyset), whatever arrives meanwhile.
        // What the caller blocked is left out of the hits once: a followed feed's archive is
        // read from the shared entries (the caller's timeline and stars have none of it).
        const after = scope.after
          ? sql`WHERE (r.rank, r.published_at, r.id) < (${scope.after.rank}::float8, ${fromMicros(scope.after.us)}, ${scope.after.id}::bigint)`
          : sql``;
        const rows = rowsOf<{ id: string | number; total: number | string; found: number | string; rank: string; sort_us: string }>(
          await tx.execute(sql`
            ${candidates(scope, query, common ? "walk" : "index")},
            hits AS (SELECT entry_id, max(published_at) AS published_at FROM found f WHERE ${notBlockedBy(scope.userId, sql`f.entry_id`)} GROUP BY entry_id)
            SELECT r.id, r.total, r.found, r.rank::text AS rank, ${toMicros(sql`r.published_at`)} AS sort_us FROM (
              SELECT h.entry_id AS id, h.published_at, ts_rank(${RANK_WEIGHTS}::float4[], es.document, ${scope.rankQuery ?? scope.tsquery}::tsquery)::float8 AS rank,
                count(*) OVER () AS total, (SELECT count(*) FROM found) AS found
              FROM hits h JOIN entry_search es ON es.entry_id = h.entry_id) r
            ${after}
            ORDER BY r.rank DESC, r.published_at DESC NULLS LAST, r.id DESC
            LIMIT ${scope.limit} OFFSET ${scope.offset}`),
        );
        // The count is exact only when every match was found: from the index, under the cap.
        const total = rows[0] ? Number(rows[0].total) : scope.offset === 0 && !scope.after ? 0 : null;
        const capped = rows[0] !== undefined && Number(rows[0].found) >= scope.candidates;
        const positions = rows.map((row) => ({ rank: row.rank, us: row.sort_us, id: String(row.id) }));
        const next = rows.length === scope.limit ? (positions.at(-1) ?? null) : null;
        return { ids: positions.map((position) => position.id), positions, next, total: common || capped ? null : total };
      });
    },

    /** Entries by id with content and the caller's read and star state. */
    async entries(userId: string, ids: string[]): Promise<SearchEntryRecord[]> {
      if (ids.length === 0) return [];
      return rowsOf<SearchEntryRecord>(
        await db.execute(sql`
          SELECT e.id, e.feed_id, e.inbox_id, e.guid, e.title, e.url, e.description, e.content, e.author, e.author_url,
            e.author_avatar, e.language, e.media, e.categories, e.attachments, e.extra, e.published_at, e.inserted_at, e.updated_at,
            CASE WHEN EXISTS (SELECT 1 FROM timeline r WHERE r.user_id = ${userId} AND r.entry_id = e.id)
              THEN NOT EXISTS (SELECT 1 FROM unread_entries u WHERE u.user_id = ${userId} AND u.entry_id = e.id) END AS read,
            c.created_at AS starred_at
          FROM entries e LEFT JOIN collections c ON c.user_id = ${userId} AND c.entry_id = e.id
          WHERE e.id IN ${idSet(ids)}`),
      ).map((row) => ({ ...row, id: String(row.id), feed_id: row.feed_id === null ? null : String(row.feed_id), inbox_id: row.inbox_id === null ? null : String(row.inbox_id) }));
    },
  };
}

export type SearchRepo = ReturnType<typeof createSearchRepo>;
