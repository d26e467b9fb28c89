import { sql } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { searchDocument, searchTexts, type SearchableText } from "./search-text.ts";

/** What an entry is searched by: `content` is sanitised HTML, `contentText` its plain text when known. */
export interface IndexableEntry extends SearchableText {
  id: string;
}

/** Writes the full-text documents of entries (entry_search), for feeds and inboxes alike. */
export const searchIndexRepo = {
  /**
   * Indexes (or re-indexes) entries in one statement: title weighted A, body (description and
   * content text) weighted B, both normalised by toSearchText so CJK text is findable. The rows
   * travel as one JSON parameter, like entries-store's insertMany. Call it inside the transaction
   * that writes the entries. (A refresh writes fetched entries and their documents together:
   * entries-store's insertMany with `index`, and rewriteMany.)
   */
  async indexEntries(executor: Executor, rows: IndexableEntry[]): Promise<void> {
    if (rows.length === 0) return;
    const payload = JSON.stringify(rows.map((row) => ({ id: row.id, ...searchTexts(row) })));
    await executor.execute(sql`
      INSERT INTO entry_search (entry_id, document)
      SELECT x.id, ${searchDocument(sql`x.title`, sql`x.body`)}
      FROM jsonb_to_recordset(${payload}::jsonb) AS x(id bigint, title text, body text)
      JOIN entries e ON e.id = x.id
      ON CONFLICT (entry_id) DO UPDATE SET document = excluded.document`);
  },
};
