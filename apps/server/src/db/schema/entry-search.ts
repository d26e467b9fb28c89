import { customType, index, pgTable } from "drizzle-orm/pg-core";
import { snowflake } from "./columns.ts";
import { entries } from "./entries.ts";

const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

/**
 * The full-text document of each entry (title weighted above body), apart from the entry row so
 * that timelines never read it. CJK text is indexed as overlapping character pairs, which makes
 * it findable with the `simple` configuration on PostgreSQL and PGlite alike.
 */
export const entrySearch = pgTable(
  "entry_search",
  {
    entryId: snowflake("entry_id")
      .primaryKey()
      .references(() => entries.id, { onDelete: "cascade" }),
    document: tsvector("document").notNull(),
  },
  (t) => [index("entry_search_document_idx").using("gin", t.document)],
);
