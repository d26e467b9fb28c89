import { index, pgTable, primaryKey, smallint, text } from "drizzle-orm/pg-core";
import { snowflake, timestamptz } from "./columns.ts";
import { entries } from "./entries.ts";
import { users } from "./users.ts";

/** Starred entries; the starred timeline sorts by the time of starring. */
export const collections = pgTable(
  "collections",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    entryId: snowflake("entry_id")
      .notNull()
      .references(() => entries.id, { onDelete: "cascade" }),
    feedId: snowflake("feed_id"),
    view: smallint("view").notNull().default(0),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.entryId] }),
    index("collections_user_created_idx").on(t.userId, t.view, t.createdAt.desc()),
  ],
);
