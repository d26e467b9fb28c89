import { sql } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { entryBodyText, toSearchText } from "./search-text.ts";

/** What an entry is searched by. */
export interface IndexableEntry {
  id: string;
  title?: string | null;
  description?: string | null;
  /** Sanitised HTML. */
  content?: string | null;
}

/** Writes the full-text documents of entries (entry_search), for feeds and inboxes alike. */
export const searchIndexRepo = {
  /**
   * Indexes (or re-indexes) entries in one statement: title weighted A, body (description and
   * content text) weighted B, both normalised by toSearchText so CJK text is findable. The rows
   * travel as one JSON parameter, like entries-store's insertMany. Call it inside the transaction
   * that writes the entries.
   */
  async indexEntries(executor: Executor, rows: IndexableEntry[]): Promise<void> {
    if (rows.length === 0) return;
    const payload = JSON.stringify(
      rows.map((row) => ({
        id: row.id,
        title: row.title ? toSearchText(row.title) : "",
        body: toSearchText(entryBodyText(row.description, row.content)),
      })),
    );
    await executor.execute(sql`
      INSERT INTO entry_search (entry_id, document)
      SELECT x.id, setweight(to_tsvector('simple', x.title), 'A') || setweight(to_tsvector('simple', x.body), 'B')
      FROM jsonb_to_recordset(${payload}::jsonb) AS x(id bigint, title text, body text)
      JOIN entries e ON e.id = x.id
      ON CONFLICT (entry_id) DO UPDATE SET document = excluded.document`);
  },
};
