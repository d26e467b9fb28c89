import { integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { snowflake } from "./columns.ts";
import { users } from "./users.ts";

/**
 * Unread entries per user and source (feed, list or inbox id), kept in step with `timeline` by the
 * same transactions that change it. `GET /reads` reads this table, so its cost does not grow with
 * the number of entries.
 */
export const unreadCounts = pgTable(
  "unread_counts",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    sourceId: snowflake("source_id").notNull(),
    count: integer("count").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.sourceId] })],
);
