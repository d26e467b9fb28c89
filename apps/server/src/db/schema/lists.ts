import { index, integer, pgTable, primaryKey, smallint, text } from "drizzle-orm/pg-core";
import { snowflake, timestamptz, timestamps } from "./columns.ts";
import { entries } from "./entries.ts";
import { feeds } from "./feeds.ts";
import { users } from "./users.ts";

/** Lists: curated, optionally paid collections of feeds that others can subscribe to. */
export const lists = pgTable(
  "lists",
  {
    id: snowflake("id").primaryKey(),
    ownerUserId: text("owner_user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    description: text("description"),
    image: text("image"),
    view: smallint("view").notNull().default(0),
    fee: integer("fee").notNull().default(0),
    language: text("language"),
    timelineUpdatedAt: timestamptz("timeline_updated_at"),
    ...timestamps(),
  },
  (t) => [index("lists_owner_user_id_idx").on(t.ownerUserId)],
);

/** The feeds of a list. */
export const listFeeds = pgTable(
  "list_feeds",
  {
    listId: snowflake("list_id")
      .notNull()
      .references(() => lists.id, { onDelete: "cascade" }),
    feedId: snowflake("feed_id")
      .notNull()
      .references(() => feeds.id, { onDelete: "cascade" }),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.listId, t.feedId] }), index("list_feeds_feed_id_idx").on(t.feedId)],
);

/**
 * Entries of a list, with the time each entered it: list timelines page by that time, not by the
 * entry's publication date.
 */
export const listEntries = pgTable(
  "list_entries",
  {
    listId: snowflake("list_id")
      .notNull()
      .references(() => lists.id, { onDelete: "cascade" }),
    entryId: snowflake("entry_id")
      .notNull()
      .references(() => entries.id, { onDelete: "cascade" }),
    feedId: snowflake("feed_id").notNull(),
    insertedAt: timestamptz("inserted_at").notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.listId, t.entryId] }),
    index("list_entries_list_inserted_idx").on(t.listId, t.insertedAt.desc(), t.entryId.desc()),
    index("list_entries_entry_id_idx").on(t.entryId),
    index("list_entries_list_feed_idx").on(t.listId, t.feedId),
  ],
);
