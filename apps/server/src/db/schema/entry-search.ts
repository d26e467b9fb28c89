import { sql } from "drizzle-orm";
import { customType, index, pgTable, smallint } from "drizzle-orm/pg-core";
import { snowflake } from "./columns.ts";
import { entries } from "./entries.ts";

const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

/**
 * How documents are made now (search-words.ts): 2 = words split by the server, the title's with
 * positions, the body's without. Documents of an older version (1: PostgreSQL's `simple` parser)
 * are rewritten in the background (search-indexer.ts); until then they are searched as they are.
 */
export const SEARCH_DOCUMENT_VERSION = 2;

/**
 * The full-text document of each entry (title weighted above body), apart from the entry row so
 * that timelines never read it. CJK text is indexed as overlapping character pairs, which makes
 * it findable on every PostgreSQL alike.
 */
export const entrySearch = pgTable(
  "entry_search",
  {
    entryId: snowflake("entry_id")
      .primaryKey()
      .references(() => entries.id, { onDelete: "cascade" }),
    document: tsvector("document").notNull(),
    /**
     * The entry's feed (null for an inbox's entries), copied here so that a search can keep the
     * matches of the reader's followed feeds without reading each matching entry (search.repo.ts).
     */
    feedId: snowflake("feed_id"),
    version: smallint("version").notNull().default(SEARCH_DOCUMENT_VERSION),
  },
  (t) => [
    index("entry_search_document_idx").using("gin", t.document),
    // Empty once every document is current: finding what is left to rewrite costs nothing then.
    index("entry_search_stale_idx").on(t.entryId).where(sql`${t.version} < ${sql.raw(String(SEARCH_DOCUMENT_VERSION))}`),
  ],
);

/**
 * The entries whose search document is still to be made: a refresh stores an entry and its id
 * here, in the same statement, and leaves the document (most of the words it would scan, and the
 * index's most costly insert) to the background indexer (search-indexer.ts), which takes the
 * newest first; a search first indexes a bounded number of the newest waiting ones itself. No
 * foreign key: an entry deleted meanwhile is simply not found when its turn comes.
 */
export const entrySearchBacklog = pgTable("entry_search_backlog", {
  entryId: snowflake("entry_id").primaryKey(),
});
