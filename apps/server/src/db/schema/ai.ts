import { date, index, integer, pgTable, primaryKey, smallint, text } from "drizzle-orm/pg-core";
import { snowflake, timestamptz } from "./columns.ts";
import { entries } from "./entries.ts";
import { users } from "./users.ts";

/**
 * AI summaries, one per entry, language and target ("content" or "readabilityContent"): shared by
 * every reader of the entry, so the second reader's summary costs nothing. `extractive`: made
 * locally (no provider), replaced by a provider's summary when one is asked for later.
 */
export const aiSummaries = pgTable(
  "ai_summaries",
  {
    entryId: snowflake("entry_id")
      .notNull()
      .references(() => entries.id, { onDelete: "cascade" }),
    language: text("language").notNull(),
    target: text("target").notNull(),
    summary: text("summary").notNull(),
    model: text("model"),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.entryId, t.language, t.target] })],
);

/**
 * AI translations of an entry's fields into one language, shared like summaries. A field absent
 * here is untranslated; `skipped` lists the fields found to be in the language already.
 */
export const aiTranslations = pgTable(
  "ai_translations",
  {
    entryId: snowflake("entry_id")
      .notNull()
      .references(() => entries.id, { onDelete: "cascade" }),
    language: text("language").notNull(),
    title: text("title"),
    description: text("description"),
    content: text("content"),
    contentImmersive: text("content_immersive"),
    readabilityContent: text("readability_content"),
    readabilityContentImmersive: text("readability_content_immersive"),
    skipped: text("skipped").array(),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
    updatedAt: timestamptz("updated_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.entryId, t.language] })],
);

/** Provider calls each reader caused per UTC day: the AI_DAILY_LIMIT budget. */
export const aiUsage = pgTable(
  "ai_usage",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    calls: integer("calls").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);

/** A reader's own provider, overriding the instance's. The key is encrypted with the server secret. */
export const aiUserSettings = pgTable("ai_user_settings", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  baseUrl: text("base_url"),
  model: text("model"),
  apiKeyEncrypted: text("api_key_encrypted"),
  updatedAt: timestamptz("updated_at").notNull().defaultNow(),
});

/**
 * Daily reports (Markdown) of a reader's Articles (view 0) or SocialMedia (view 1) entries over a
 * 12-hour window starting at `start`. Readers who asked for one get the next ones made at 8 AM and
 * 8 PM in `timeZone`, the zone they last asked from.
 */
export const aiDailyReports = pgTable(
  "ai_daily_reports",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    view: smallint("view").notNull(),
    start: timestamptz("start").notNull(),
    report: text("report").notNull(),
    entryCount: integer("entry_count").notNull(),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.view, t.start] })],
);


/** Readers who opened a daily report, per view, with their time zone and language: the scheduler's work list. */
export const aiDailyReaders = pgTable(
  "ai_daily_readers",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    view: smallint("view").notNull(),
    timeZone: text("time_zone").notNull(),
    language: text("language").notNull().default("en"),
    lastOpenedAt: timestamptz("last_opened_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.view] }), index("ai_daily_readers_opened_idx").on(t.lastOpenedAt)],
);
