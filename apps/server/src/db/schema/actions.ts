import type { ActionRule } from "@tidings/contracts";
import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { snowflake, timestamptz } from "./columns.ts";
import { entries } from "./entries.ts";
import { users } from "./users.ts";

/** A reader's Actions: their rules (one array, written whole) and the secret that signs their webhooks. */
export const actions = pgTable("actions", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  rules: jsonb("rules").$type<ActionRule[]>().notNull(),
  /** HMAC-SHA256 key of the `X-Tidings-Signature` header of every webhook delivery. */
  webhookSecret: text("webhook_secret").notNull(),
  updatedAt: timestamptz("updated_at").notNull().defaultNow(),
});

/**
 * Webhook deliveries: the queue (pending ones, by when they are due) and their log, which the
 * reader sees. A delivery is retried with back-off until it succeeds or runs out of attempts.
 */
export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    id: snowflake("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    entryId: snowflake("entry_id").references(() => entries.id, { onDelete: "set null" }),
    /** The name of the rule that asked for it. */
    rule: text("rule").notNull(),
    url: text("url").notNull(),
    /** The JSON body, as sent (and signed). */
    payload: text("payload").notNull(),
    /** pending, delivered or failed (no attempt left). */
    status: text("status").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamptz("next_attempt_at").notNull().defaultNow(),
    lastStatus: integer("last_status"),
    lastError: text("last_error"),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
    deliveredAt: timestamptz("delivered_at"),
  },
  (t) => [
    index("webhook_deliveries_due_idx").on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    index("webhook_deliveries_user_idx").on(t.userId, t.createdAt.desc(), t.id.desc()),
  ],
);
