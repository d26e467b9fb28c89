import { eq, type SQL, sql } from "drizzle-orm";
import { rowsOf, type Executor } from "../../db/client.ts";
import { entries, SEARCH_DOCUMENT_VERSION } from "../../db/schema/index.ts";
import { textParams } from "../../db/sql-helpers.ts";
import { executePrepared } from "../../db/prepared.ts";
import { searchDocumentOf } from "../../content/search-document.ts";

export type EntryInsert = typeof entries.$inferInsert;

/** A text as a string, or as its UTF-8 bytes (a refresh's entries come so from the reading thread). */
export type StoredText = string | Uint8Array;

/**
 * An entry to insert; `contentText` is the text of its content when known, `document` its search
 * document when made already (search-words.ts; else it is made from the entry).
 */
export type NewEntry = Omit<EntryInsert, "content"> & { content?: StoredText | null; contentText?: string | null; document?: StoredText };

/** What storeFeed did, and what it found of the feed (see there). */
export interface StoreFeedResult {
  insertedIds: string[];
  updated: number;
  listed: boolean;
  busy: boolean;
  /** False when `alone` held it back: nothing was written. */
  stored: boolean;
}

const utf8 = new TextDecoder();

/** The search document of an entry that comes without one (its content read as text if given as bytes). */
function documentOf(row: Pick<NewEntry, "title" | "description" | "content" | "contentText">): string {
  const content = row.content instanceof Uint8Array ? utf8.decode(row.content) : row.content;
  return searchDocumentOf({ title: row.title, description: row.description, content, contentText: row.contentText });
}

/** The columns of an entry a store writes (recordsOf's, in the order of the table; x has them all). */
const INSERT_COLUMNS = sql.raw(
  "id, feed_id, inbox_id, guid, title, url, content, description, author, author_url, author_avatar, language, media, categories, attachments, extra, content_hash, published_at, inserted_at, updated_at",
);

/**
 * Entries as the rows of a FROM (x), with their search documents when `indexed`. The short
 * columns travel as one JSON parameter expanded by `jsonb_to_recordset` (building and sending
 * 20 columns × n rows of parameters costs more than the insert itself); contents and documents,
 * kilobytes each that JSON would have to escape, as one parameter each.
 */
function recordsOf(rows: NewEntry[], indexed: boolean): SQL {
  const payload = JSON.stringify(
    rows.map((row) => ({
      id: row.id,
      feed_id: row.feedId ?? null,
      inbox_id: row.inboxId ?? null,
      guid: row.guid,
      title: row.title ?? null,
      url: row.url ?? null,
      description: row.description ?? null,
      author: row.author ?? null,
      author_url: row.authorUrl ?? null,
      author_avatar: row.authorAvatar ?? null,
      language: row.language ?? null,
      media: row.media ?? null,
      categories: row.categories ?? null,
      attachments: row.attachments ?? null,
      extra: row.extra ?? null,
      content_hash: row.contentHash ?? null,
      published_at: row.publishedAt.toISOString(),
      inserted_at: (row.insertedAt ?? new Date()).toISOString(),
      updated_at: (row.updatedAt ?? new Date()).toISOString(),
    })),
  );
  return sql`
    SELECT * FROM ROWS FROM (
      jsonb_to_recordset(${payload}::jsonb) AS (id bigint, feed_id bigint, inbox_id bigint, guid text, title text, url text,
        description text, author text, author_url text, author_avatar text, language text, media jsonb, categories text[],
        attachments jsonb, extra jsonb, content_hash text, published_at timestamptz, inserted_at timestamptz, updated_at timestamptz),
      unnest(${textParams(rows.map((row) => row.content ?? null))}),
      unnest(${indexed ? textParams(rows.map((row) => row.document ?? documentOf(row))) : sql`ARRAY[]::text[]`})
    ) AS x(id, feed_id, inbox_id, guid, title, url, description, author, author_url, author_avatar, language, media, categories,
      attachments, extra, content_hash, published_at, inserted_at, updated_at, content, document)`;
}

/** Queries that write fetched entries and deliver them to their readers. */
export const entriesStoreRepo = {
  /**
   * Inserts new entries; one that another worker stored meanwhile is skipped. Returns the ids
   * written. With `index`, the search documents of the entries written are written by the same
   * statement (see searchIndexRepo).
   */
  async insertMany(executor: Executor, rows: NewEntry[], options: { index?: boolean } = {}): Promise<string[]> {
    if (rows.length === 0) return [];
    const result = await executor.execute(sql`
      WITH x AS (${recordsOf(rows, options.index === true)}),
      inserted AS (
        INSERT INTO entries (${INSERT_COLUMNS})
        SELECT ${INSERT_COLUMNS} FROM x
        ON CONFLICT (feed_id, guid) DO NOTHING
        RETURNING id
      )${
        options.index
          ? sql`,
      indexed AS (
        INSERT INTO entry_search (entry_id, document, version, feed_id)
        SELECT x.id, x.document::tsvector, ${SEARCH_DOCUMENT_VERSION}, x.feed_id FROM x JOIN inserted ON inserted.id = x.id
        ON CONFLICT (entry_id) DO UPDATE SET document = excluded.document, version = excluded.version
      )`
          : sql``
      }
      SELECT id FROM inserted`);
    return rowsOf<{ id: string | number }>(result).map((row) => String(row.id));
  },

  /**
   * Stores one refresh of a feed in one statement: of `rows` (each with a new id), those whose guid
   * the feed has not stored are inserted (one another worker stored meanwhile is skipped), those
   * stored with another content hash are rewritten in place (keeping their id, publication and
   * insertion dates), the rest are left alone; what was written waits for its search document in
   * the backlog (schema/entry-search.ts: the indexer makes it in the background), and `delivery`
   * (TimelineRepo.feedDeliveryCtes, given the CTE of inserted entries) delivers the new ones.
   * One round trip where a lookup, an insert, a rewrite and a delivery took four; a prepared
   * statement, parsed once per connection (its SQL is the same for every feed).
   *
   * `feedState` makes the feed's new state as a part of the statement (a data-modifying CTE), written
   * where the condition it is given holds: with the entries, never without them.
   *
   * `listed` and `busy` are SQL conditions answered with the result: whether lists hold the feed,
   * and whether anything else must happen to new entries in the same transaction (readers'
   * rules, notifications). With `alone`, the statement is all there is to the store (no
   * transaction around it): it writes only when neither holds, and answers `stored: false`
   * having written nothing otherwise (the caller then stores in a transaction).
   */
  async storeFeed(
    executor: Executor,
    feedId: string,
    rows: NewEntry[],
    options: { delivery?: (inserted: SQL) => SQL; listed?: SQL; busy?: SQL[]; alone?: boolean; feedState?: (when: SQL) => SQL } = {},
  ): Promise<StoreFeedResult> {
    if (rows.length === 0) return { insertedIds: [], updated: 0, listed: false, busy: false, stored: true };
    const busy = options.busy?.length ? sql.join(options.busy.map((condition) => sql`(${condition})`), sql` OR `) : sql`false`;
    const result = await executePrepared(executor, sql`
      WITH x AS (${recordsOf(rows, false)}),
      -- (OFFSET 0 keeps each probe run once: inlined, the conditions would be planned twice.)
      state AS (
        SELECT listed, busy, NOT ${options.alone === true}::boolean OR NOT (listed OR busy) AS go
        FROM (SELECT ${options.listed ?? sql`false`} AS listed, ${busy} AS busy OFFSET 0) s
      ),
      -- One probe of the (feed_id, guid) index per row (LIMIT 1: a subquery the planner keeps
      -- apart), where a join read every entry the feed has stored over the years.
      known AS (
        SELECT e.id, e.guid, e.content_hash FROM x CROSS JOIN LATERAL (
          SELECT e.id, e.guid, e.content_hash FROM entries e WHERE e.feed_id = ${feedId} AND e.guid = x.guid LIMIT 1
        ) e
      ),
      inserted AS (
        INSERT INTO entries (${INSERT_COLUMNS})
        SELECT ${INSERT_COLUMNS} FROM x WHERE (SELECT go FROM state) AND NOT EXISTS (SELECT 1 FROM known k WHERE k.guid = x.guid)
        ON CONFLICT (feed_id, guid) DO NOTHING
        RETURNING id, published_at
      ),
      changed AS (
        UPDATE entries e SET title = x.title, url = x.url, content = x.content, description = x.description, author = x.author,
          author_url = x.author_url, author_avatar = x.author_avatar, language = x.language, media = x.media,
          categories = x.categories, attachments = x.attachments, extra = x.extra, content_hash = x.content_hash,
          updated_at = x.updated_at
        FROM x JOIN known k ON k.guid = x.guid
        WHERE e.id = k.id AND (SELECT go FROM state) AND k.content_hash IS DISTINCT FROM x.content_hash
        RETURNING e.id, e.guid
      ),
      queued AS (
        INSERT INTO entry_search_backlog (entry_id)
        SELECT id FROM inserted UNION ALL SELECT id FROM changed
        ON CONFLICT (entry_id) DO NOTHING
      )${options.delivery ? sql`,
      ${options.delivery(sql`inserted`)}` : sql``}${options.feedState ? sql`,
      feed_state AS (${options.feedState(sql`(SELECT go FROM state)`)})` : sql``}
      SELECT (SELECT coalesce(array_agg(id::text), '{}') FROM inserted) AS "insertedIds",
        (SELECT count(*)::int FROM changed) AS updated, state.listed, state.busy, state.go AS stored
      FROM state`);
    const [row] = rowsOf<StoreFeedResult>(result);
    return { insertedIds: row!.insertedIds, updated: row!.updated, listed: row!.listed, busy: row!.busy, stored: row!.stored };
  },

  async update(executor: Executor, id: string, patch: Partial<EntryInsert>): Promise<void> {
    await executor.update(entries).set(patch).where(eq(entries.id, id));
  },
};
