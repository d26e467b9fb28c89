import { index, integer, pgTable, smallint, text } from "drizzle-orm/pg-core";
import { snowflake, timestamptz } from "./columns.ts";
import { users } from "./users.ts";

/**
 * Web Push subscriptions: one row per browser (device) a reader turned push notifications on in,
 * keyed by the push service's endpoint. `p256dh` and `auth` are the browser's keys that each
 * message is encrypted for (RFC 8291); `views` the views whose new entries this device announces
 * (Actions' "notify" results reach every device whatever its views).
 */
export const pushSubscriptions = pgTable(
  "push_subscriptions",
  {
    id: snowflake("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    endpoint: text("endpoint").notNull().unique(),
    p256dh: text("p256dh").notNull(),
    auth: text("auth").notNull(),
    /** web, desktop or mobile (reference §2.12's `channel`). */
    channel: text("channel").notNull().default("web"),
    views: smallint("views").array().notNull().default([]),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
    lastSuccessAt: timestamptz("last_success_at"),
    /** Failed sends since the last success (a 404/410 answer removes the row instead). */
    failureCount: integer("failure_count").notNull().default(0),
    lastError: text("last_error"),
  },
  (t) => [index("push_subscriptions_user_idx").on(t.userId)],
);
