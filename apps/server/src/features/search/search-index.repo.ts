import { sql } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { textParams } from "../../db/sql-helpers.ts";
import { SEARCH_DOCUMENT_VERSION } from "../../db/schema/index.ts";
import type { SearchableText } from "../../content/search-text.ts";
import { searchDocumentOf } from "../../content/search-document.ts";

/** What an entry is searched by: `content` is sanitised HTML, `contentText` its plain text when known. */
export interface IndexableEntry extends SearchableText {
  id: string;
}

/** Writes the full-text documents of entries (entry_search), for feeds and inboxes alike. */
export const searchIndexRepo = {
  /**
   * Indexes (or re-indexes) entries in one statement, with the documents made here (see
   * search-words.ts). Call it inside the transaction that writes the entries. (A refresh writes
   * fetched entries and their documents together: entries-store's insertMany and rewriteMany.)
   */
  async indexEntries(executor: Executor, rows: IndexableEntry[]): Promise<void> {
    if (rows.length === 0) return;
    await executor.execute(sql`
      INSERT INTO entry_search (entry_id, document, version, feed_id)
      SELECT x.id, x.document::tsvector, ${SEARCH_DOCUMENT_VERSION}, e.feed_id
      FROM unnest(${`{${rows.map((row) => row.id).join(",")}}`}::bigint[], ${textParams(rows.map(searchDocumentOf))}) AS x(id, document)
      JOIN entries e ON e.id = x.id
      ON CONFLICT (entry_id) DO UPDATE SET document = excluded.document, version = excluded.version`);
  },
};
