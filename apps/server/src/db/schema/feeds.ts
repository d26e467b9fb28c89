import { index, integer, jsonb, pgTable, smallint, text } from "drizzle-orm/pg-core";
import { snowflake, timestamptz, timestamps } from "./columns.ts";
import { users } from "./users.ts";

/**
 * What the last refresh read of each item of the feed's document, in document order: a digest of
 * the item's markup (with what its reading depends on around it) and the publication time stored
 * for it. An item whose markup has not changed is not read again (fetcher/item-digests.ts).
 */
export type ItemDigests = [digest: string, publishedAt: number][];

/**
 * Feeds, stored once and shared by every subscriber. Fetch state (validators, errors, schedule)
 * lives here too, so the fetcher never looks at per-user data.
 */
export const feeds = pgTable(
  "feeds",
  {
    id: snowflake("id").primaryKey(),
    /** The URL the feed is fetched from (`https://…` or `rsshub://…`). */
    url: text("url").notNull().unique(),
    siteUrl: text("site_url"),
    title: text("title"),
    description: text("description"),
    image: text("image"),
    language: text("language"),
    /** The user who proved ownership (spec: feed claim). */
    ownerUserId: text("owner_user_id").references(() => users.id, { onDelete: "set null" }),
    etag: text("etag"),
    lastModified: text("last_modified"),
    checkedAt: timestamptz("checked_at"),
    nextCheckAt: timestamptz("next_check_at").notNull().defaultNow(),
    errorCount: integer("error_count").notNull().default(0),
    errorMessage: text("error_message"),
    errorAt: timestamptz("error_at"),
    updatesPerWeek: integer("updates_per_week"),
    latestEntryPublishedAt: timestamptz("latest_entry_published_at"),
    subscriptionCount: integer("subscription_count").notNull().default(0),
    itemDigests: jsonb("item_digests").$type<ItemDigests>(),
    /** For `rsshub://` feeds: the readers' instance the last fetch went through (null: the default). */
    rsshubInstanceId: snowflake("rsshub_instance_id"),
    /** For `rsshub://` feeds: why the last fetch did not go through the readers' instance (it was unavailable). */
    rsshubFallback: text("rsshub_fallback"),
    /** Running POWER boosts' level (0–4), kept when boosts are bought and as they run out: boosted feeds are fetched more often. */
    boostLevel: smallint("boost_level").notNull().default(0),
    /**
     * The site's icon as the last lookup found it (fetcher/site-icon.ts), null when it found none:
     * while `image` is this icon, the image came from the site and later lookups may replace it.
     */
    siteIcon: text("site_icon"),
    /** The homepage the last (or running) site-icon lookup was for: another one makes a lookup due. */
    siteIconPageUrl: text("site_icon_page_url"),
    /**
     * When a site-icon lookup is next due (null: never looked); while one runs, the end of its claim,
     * so other processes leave the feed alone (as `nextCheckAt` does for refreshes).
     */
    siteIconNextCheckAt: timestamptz("site_icon_next_check_at"),
    ...timestamps(),
  },
  (t) => [index("feeds_next_check_at_idx").on(t.nextCheckAt), index("feeds_owner_user_id_idx").on(t.ownerUserId)],
);
export type FeedRow = typeof feeds.$inferSelect;
