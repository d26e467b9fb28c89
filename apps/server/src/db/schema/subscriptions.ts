import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, smallint, text, uniqueIndex } from "drizzle-orm/pg-core";
import { snowflake, timestamptz } from "./columns.ts";
import { subscriptionType } from "./enums.ts";
import { feeds } from "./feeds.ts";
import { inboxes } from "./inboxes.ts";
import { lists } from "./lists.ts";
import { users } from "./users.ts";

/**
 * What a user follows: a feed, a list or an inbox, each at most once, in one of the six views,
 * optionally in a category (a sidebar folder) and private.
 */
export const subscriptions = pgTable(
  "subscriptions",
  {
    id: snowflake("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    type: subscriptionType("type").notNull(),
    feedId: snowflake("feed_id").references(() => feeds.id, { onDelete: "cascade" }),
    listId: snowflake("list_id").references(() => lists.id, { onDelete: "cascade" }),
    inboxId: snowflake("inbox_id").references(() => inboxes.id, { onDelete: "cascade" }),
    /** The feed, list or inbox id, whichever it is: timeline rows and unread counts are keyed by it. */
    targetId: snowflake("target_id").generatedAlwaysAs(sql`COALESCE(feed_id, list_id, inbox_id)`),
    view: smallint("view").notNull().default(0),
    category: text("category"),
    title: text("title"),
    isPrivate: boolean("is_private").notNull().default(false),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
    lastViewedAt: timestamptz("last_viewed_at"),
    /** A small number for protocols whose ids are 32-bit integers (Fever's feed ids). */
    syncId: integer("sync_id").generatedByDefaultAsIdentity().notNull(),
  },
  (t) => [
    uniqueIndex("subscriptions_user_feed_unique").on(t.userId, t.feedId).where(sql`${t.feedId} IS NOT NULL`),
    uniqueIndex("subscriptions_user_list_unique").on(t.userId, t.listId).where(sql`${t.listId} IS NOT NULL`),
    uniqueIndex("subscriptions_user_inbox_unique").on(t.userId, t.inboxId).where(sql`${t.inboxId} IS NOT NULL`),
    index("subscriptions_user_view_idx").on(t.userId, t.view),
    uniqueIndex("subscriptions_user_target_unique").on(t.userId, t.targetId),
    index("subscriptions_target_idx").on(t.targetId),
    index("subscriptions_feed_id_idx").on(t.feedId),
    index("subscriptions_list_id_idx").on(t.listId),
    uniqueIndex("subscriptions_sync_id_unique").on(t.syncId),
    check(
      "subscriptions_one_target",
      sql`(${t.type} = 'feed' AND ${t.feedId} IS NOT NULL AND ${t.listId} IS NULL AND ${t.inboxId} IS NULL)
        OR (${t.type} = 'list' AND ${t.listId} IS NOT NULL AND ${t.feedId} IS NULL AND ${t.inboxId} IS NULL)
        OR (${t.type} = 'inbox' AND ${t.inboxId} IS NOT NULL AND ${t.feedId} IS NULL AND ${t.listId} IS NULL)`,
    ),
    check("subscriptions_view_range", sql`${t.view} BETWEEN 0 AND 5`),
  ],
);
