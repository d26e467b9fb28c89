import { sql } from "drizzle-orm";
import { bigint, check, index, jsonb, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { snowflake, timestamptz } from "./columns.ts";
import { feeds } from "./feeds.ts";
import { inboxes } from "./inboxes.ts";

export interface EntryMedia {
  url: string;
  type: "photo" | "video";
  preview_image_url?: string;
  width?: number;
  height?: number;
  blurhash?: string;
}

export interface EntryAttachment {
  url: string;
  mime_type?: string;
  size_in_bytes?: number;
  duration_in_seconds?: number;
  title?: string;
}

export interface EntryExtra {
  links?: { url: string; type: string; content_html?: string }[];
}

/**
 * Entries, stored once per feed (or per inbox) and shared by every reader. Per-user state (read,
 * starred) lives in `timeline` and `collections`, never here.
 */
export const entries = pgTable(
  "entries",
  {
    id: snowflake("id").primaryKey(),
    /**
     * The entry's number for reader apps (Fever, Miniflux): 1, 2, 3… in the order entries are
     * stored, so that it stays below 2^53 (a JavaScript number) and, while the instance has fewer
     * entries, below 2^31 (a 32-bit integer), where `id` is a 64-bit snowflake.
     */
    syncId: bigint("sync_id", { mode: "number" }).generatedByDefaultAsIdentity().notNull(),
    feedId: snowflake("feed_id").references(() => feeds.id, { onDelete: "cascade" }),
    inboxId: snowflake("inbox_id").references(() => inboxes.id, { onDelete: "cascade" }),
    guid: text("guid").notNull(),
    title: text("title"),
    url: text("url"),
    content: text("content"),
    /** The full article extracted from the entry's page (Readability), sanitised; null until asked for. */
    readabilityContent: text("readability_content"),
    description: text("description"),
    author: text("author"),
    authorUrl: text("author_url"),
    authorAvatar: text("author_avatar"),
    language: text("language"),
    media: jsonb("media").$type<EntryMedia[]>(),
    categories: text("categories").array(),
    attachments: jsonb("attachments").$type<EntryAttachment[]>(),
    extra: jsonb("extra").$type<EntryExtra>(),
    /** Hash of the stored fields: a refresh rewrites the row only when it changes. */
    contentHash: text("content_hash"),
    publishedAt: timestamptz("published_at").notNull(),
    insertedAt: timestamptz("inserted_at").notNull().defaultNow(),
    updatedAt: timestamptz("updated_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("entries_feed_guid_unique").on(t.feedId, t.guid),
    uniqueIndex("entries_inbox_guid_unique").on(t.inboxId, t.guid),
    uniqueIndex("entries_sync_id_unique").on(t.syncId),
    index("entries_feed_published_idx").on(t.feedId, t.publishedAt.desc(), t.id.desc()),
    index("entries_inbox_published_idx").on(t.inboxId, t.publishedAt.desc(), t.id.desc()),
    check("entries_one_source", sql`(${t.feedId} IS NULL) <> (${t.inboxId} IS NULL)`),
  ],
);
