import { sql } from "drizzle-orm";
import { index, pgTable, primaryKey, smallint, text } from "drizzle-orm/pg-core";
import { snowflake, timestamptz } from "./columns.ts";
import { entries } from "./entries.ts";
import { subscriptionType } from "./enums.ts";
import { users } from "./users.ts";

/**
 * Per-user delivery, apart from the shared entries: one small row per (user, entry, source),
 * written when an entry reaches a user through a subscription (a feed, a list or an inbox).
 *
 * Why fan out instead of joining entries at read time: a timeline page is one backward range scan
 * of `(user, view, published_at)` whatever the number of entries in the database. Rows never
 * change after delivery (except their view), so they stay compact; what is unread lives in
 * `unread_entries`, a row per unread (user, entry, source): marking read deletes rows there,
 * which is an order of magnitude cheaper than updating wide, heavily indexed rows.
 */
export const timeline = pgTable(
  "timeline",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    entryId: snowflake("entry_id")
      .notNull()
      .references(() => entries.id, { onDelete: "cascade" }),
    sourceType: subscriptionType("source_type").notNull(),
    /** The feed, list or inbox id the entry came through; unread counts are keyed by it. */
    sourceId: snowflake("source_id").notNull(),
    /** The entry's feed (null for inbox entries). */
    feedId: snowflake("feed_id"),
    view: smallint("view").notNull(),
    /** Sort key: the entry's publication time, or for lists the time it entered the list. */
    publishedAt: timestamptz("published_at").notNull(),
    insertedAt: timestamptz("inserted_at").notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.entryId, t.sourceId] }),
    // "All" of a view: feed rows only (lists and inboxes have timelines of their own).
    index("timeline_user_view_idx").on(t.userId, t.view, t.publishedAt.desc(), t.entryId.desc()).where(sql`${t.sourceType} = 'feed'`),
    index("timeline_user_source_idx").on(t.userId, t.sourceId, t.publishedAt.desc(), t.entryId.desc()),
    // New entries since a time (check-new).
    index("timeline_user_inserted_idx").on(t.userId, t.insertedAt.desc()),
  ],
);
