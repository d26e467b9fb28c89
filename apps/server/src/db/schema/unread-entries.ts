import { sql } from "drizzle-orm";
import { index, pgTable, primaryKey, smallint, text } from "drizzle-orm/pg-core";
import { snowflake, timestamptz } from "./columns.ts";
import { entries } from "./entries.ts";
import { subscriptionType } from "./enums.ts";
import { users } from "./users.ts";

/**
 * The unread part of each user's timeline: a copy of the timeline row's keys and sort columns
 * for every unread (user, entry, source). Unread-only timelines scan it directly; reading deletes
 * from it; `unread_counts` counts it.
 */
export const unreadEntries = pgTable(
  "unread_entries",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    entryId: snowflake("entry_id")
      .notNull()
      .references(() => entries.id, { onDelete: "cascade" }),
    sourceId: snowflake("source_id").notNull(),
    sourceType: subscriptionType("source_type").notNull(),
    view: smallint("view").notNull(),
    publishedAt: timestamptz("published_at").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.entryId, t.sourceId] }),
    index("unread_entries_user_view_idx").on(t.userId, t.view, t.publishedAt.desc(), t.entryId.desc()).where(sql`${t.sourceType} = 'feed'`),
    index("unread_entries_user_source_idx").on(t.userId, t.sourceId, t.publishedAt.desc(), t.entryId.desc()),
  ],
);

/**
 * When a reader explicitly read an entry (not bulk mark-all): the public "who read this" and
 * trending by reads come from here.
 */
export const readMarks = pgTable(
  "read_marks",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    entryId: snowflake("entry_id")
      .notNull()
      .references(() => entries.id, { onDelete: "cascade" }),
    readAt: timestamptz("read_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.entryId] }), index("read_marks_entry_idx").on(t.entryId, t.readAt.desc()), index("read_marks_read_at_idx").on(t.readAt)],
);
