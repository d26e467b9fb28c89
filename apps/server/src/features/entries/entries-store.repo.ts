import { eq, sql } from "drizzle-orm";
import { rowsOf, type Executor } from "../../db/client.ts";
import { entries } from "../../db/schema/index.ts";

export type EntryInsert = typeof entries.$inferInsert;

/** What the store knows of an entry already: enough to tell whether a refresh changed it. */
export interface StoredEntryKey {
  id: string;
  guid: string;
  contentHash: string | null;
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
   * written. The rows travel as one JSON parameter expanded by `jsonb_to_recordset`: building and
   * sending 20 columns × n rows of parameters costs more than the insert itself.
   */
  async insertMany(executor: Executor, rows: EntryInsert[]): Promise<string[]> {
    if (rows.length === 0) return [];
    const payload = JSON.stringify(
      rows.map((row) => ({
        id: row.id,
        feed_id: row.feedId ?? null,
        inbox_id: row.inboxId ?? null,
        guid: row.guid,
        title: row.title ?? null,
        url: row.url ?? null,
        content: row.content ?? null,
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
      INSERT INTO entries (id, feed_id, inbox_id, guid, title, url, content, description, author, author_url, author_avatar,
        language, media, categories, attachments, extra, content_hash, published_at, inserted_at, updated_at)
      SELECT id, feed_id, inbox_id, guid, title, url, content, description, author, author_url, author_avatar,
        language, media, categories, attachments, extra, content_hash, published_at, inserted_at, updated_at
      FROM jsonb_to_recordset(${payload}::jsonb) AS x(id bigint, feed_id bigint, inbox_id bigint, guid text, title text, url text,
        content text, description text, author text, author_url text, author_avatar text, language text, media jsonb,
        categories text[], attachments jsonb, extra jsonb, content_hash text, published_at timestamptz, inserted_at timestamptz,
        updated_at timestamptz)
      ON CONFLICT (feed_id, guid) DO NOTHING
      RETURNING id`);
    return rowsOf<{ id: string | number }>(result).map((row) => String(row.id));
  },

  async update(executor: Executor, id: string, patch: Partial<EntryInsert>): Promise<void> {
    await executor.update(entries).set(patch).where(eq(entries.id, id));
  },

};
