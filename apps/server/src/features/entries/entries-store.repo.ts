import { eq, sql } from "drizzle-orm";
import { rowsOf, type Executor } from "../../db/client.ts";
import { entries, SEARCH_DOCUMENT_VERSION } from "../../db/schema/index.ts";
import { textParams } from "../../db/sql-helpers.ts";
import { searchDocumentOf } from "../../content/search-words.ts";

export type EntryInsert = typeof entries.$inferInsert;

/** What the store knows of an entry already: enough to tell whether a refresh changed it. */
export interface StoredEntryKey {
  id: string;
  guid: string;
  contentHash: string | null;
}

/** A text as a string, or as its UTF-8 bytes (a refresh's entries come so from the reading thread). */
export type StoredText = string | Uint8Array;

/**
 * An entry to insert; `contentText` is the text of its content when known, `document` its search
 * document when made already (search-words.ts; else it is made from the entry).
 */
export type NewEntry = Omit<EntryInsert, "content"> & { content?: StoredText | null; contentText?: string | null; document?: StoredText };

/**
 * The new values of a stored entry a feed changed: all it says of the entry but the publication
 * date (a field left out is cleared, like a null one).
 */
export type EntryRewrite = Pick<
  EntryInsert,
  "title" | "url" | "description" | "author" | "authorUrl" | "authorAvatar" | "language" | "media" | "categories" | "attachments" | "extra" | "contentHash"
> & { id: string; updatedAt: Date; content?: StoredText | null; contentText?: string | null; document?: StoredText };

const utf8 = new TextDecoder();

/** The search document of an entry that comes without one (its content read as text if given as bytes). */
function documentOf(row: Pick<NewEntry, "title" | "description" | "content" | "contentText">): string {
  const content = row.content instanceof Uint8Array ? utf8.decode(row.content) : row.content;
  return searchDocumentOf({ title: row.title, description: row.description, content, contentText: row.contentText });
}

/** Queries that write fetched entries and deliver them to their readers. */
export const entriesStoreRepo = {
  async findByGuids(executor: Executor, feedId: string, guids: string[]): Promise<StoredEntryKey[]> {
    if (guids.length === 0) return [];
    // One JSON parameter instead of one per guid: a feed lists hundreds of entries.
    const result = await executor.execute(sql`
      SELECT id, guid, content_hash AS "contentHash" FROM entries
      WHERE feed_id = ${feedId} AND guid IN (SELECT jsonb_array_elements_text(${JSON.stringify(guids)}::jsonb))`);
    return rowsOf<{ id: string | number; guid: string; contentHash: string | null }>(result).map((row) => ({ ...row, id: String(row.id) }));
  },

  /**
   * Inserts new entries; one that another worker stored meanwhile is skipped. Returns the ids
   * written. With `index`, the search documents of the entries written are written by the same
   * statement (see searchIndexRepo). The short columns travel as one JSON parameter expanded by
   * `jsonb_to_recordset` (building and sending 20 columns × n rows of parameters costs more than
   * the insert itself); contents and documents, kilobytes each that JSON would have to escape,
   * as one parameter each.
   */
  async insertMany(executor: Executor, rows: NewEntry[], options: { index?: boolean } = {}): Promise<string[]> {
    if (rows.length === 0) return [];
    const documents = options.index ? rows.map((row) => row.document ?? documentOf(row)) : null;
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
    const result = await executor.execute(sql`
      WITH x AS (
        SELECT * FROM ROWS FROM (
          jsonb_to_recordset(${payload}::jsonb) AS (id bigint, feed_id bigint, inbox_id bigint, guid text, title text, url text,
            description text, author text, author_url text, author_avatar text, language text, media jsonb, categories text[],
            attachments jsonb, extra jsonb, content_hash text, published_at timestamptz, inserted_at timestamptz, updated_at timestamptz),
          unnest(${textParams(rows.map((row) => row.content ?? null))}),
          unnest(${documents ? textParams(documents) : sql`ARRAY[]::text[]`})
        ) AS x(id, feed_id, inbox_id, guid, title, url, description, author, author_url, author_avatar, language, media, categories,
          attachments, extra, content_hash, published_at, inserted_at, updated_at, content, document)
      ),
      inserted AS (
        INSERT INTO entries (id, feed_id, inbox_id, guid, title, url, content, description, author, author_url, author_avatar,
          language, media, categories, attachments, extra, content_hash, published_at, inserted_at, updated_at)
        SELECT id, feed_id, inbox_id, guid, title, url, content, description, author, author_url, author_avatar,
          language, media, categories, attachments, extra, content_hash, published_at, inserted_at, updated_at
        FROM x
        ON CONFLICT (feed_id, guid) DO NOTHING
        RETURNING id
      )${
        documents
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
   * Rewrites entries a feed changed, and their search documents, in one statement. Their feed,
   * guid, publication and insertion dates stay (a publisher editing a post does not make it new).
   */
  async rewriteMany(executor: Executor, rows: EntryRewrite[]): Promise<void> {
    if (rows.length === 0) return;
    const payload = JSON.stringify(
      rows.map((row) => ({
        id: row.id,
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
        updated_at: row.updatedAt.toISOString(),
      })),
    );
    await executor.execute(sql`
      WITH x AS (
        SELECT * FROM ROWS FROM (
          jsonb_to_recordset(${payload}::jsonb) AS (id bigint, title text, url text, description text, author text, author_url text,
            author_avatar text, language text, media jsonb, categories text[], attachments jsonb, extra jsonb, content_hash text,
            updated_at timestamptz),
          unnest(${textParams(rows.map((row) => row.content ?? null))}),
          unnest(${textParams(rows.map((row) => row.document ?? documentOf(row)))})
        ) AS x(id, title, url, description, author, author_url, author_avatar, language, media, categories, attachments, extra,
          content_hash, updated_at, content, document)
      ),
      updated AS (
        UPDATE entries e SET title = x.title, url = x.url, content = x.content, description = x.description, author = x.author,
          author_url = x.author_url, author_avatar = x.author_avatar, language = x.language, media = x.media,
          categories = x.categories, attachments = x.attachments, extra = x.extra, content_hash = x.content_hash,
          updated_at = x.updated_at
        FROM x WHERE e.id = x.id
        RETURNING e.id, e.feed_id
      )
      INSERT INTO entry_search (entry_id, document, version, feed_id)
      SELECT x.id, x.document::tsvector, ${SEARCH_DOCUMENT_VERSION}, updated.feed_id FROM x JOIN updated ON updated.id = x.id
      ON CONFLICT (entry_id) DO UPDATE SET document = excluded.document, version = excluded.version`);
  },

  async update(executor: Executor, id: string, patch: Partial<EntryInsert>): Promise<void> {
    await executor.update(entries).set(patch).where(eq(entries.id, id));
  },
};
