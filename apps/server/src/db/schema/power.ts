import { sql } from "drizzle-orm";
import { check, date, index, integer, jsonb, numeric, pgTable, primaryKey, smallint, text, uniqueIndex } from "drizzle-orm/pg-core";
import { snowflake, timestamptz } from "./columns.ts";
import { feeds } from "./feeds.ts";
import { users } from "./users.ts";

/**
 * POWER as an instance-local double-entry ledger. Amounts are whole numbers of the smallest unit
 * (1 POWER = 10^18 units, as the reference client's 18-decimal strings), in `numeric(78, 0)`:
 * exact, never a float.
 *
 * Accounts: a user's `daily` (daily rewards; spendable, not withdrawable) and `cashable` (tips
 * received, grants) balances, a feed's (tips waiting for its owner to claim it), and the
 * treasury, whose postings are every mint and burn. Every account but the treasury stays at or
 * above zero (a check constraint). The treasury's row keeps no running balance (it would be the
 * one row every mint locks): its balance is the sum of its postings.
 */
export const powerAccounts = pgTable(
  "power_accounts",
  {
    /** `daily:<userId>`, `cashable:<userId>`, `feed:<feedId>` or `treasury`. */
    id: text("id").primaryKey(),
    kind: text("kind").notNull(),
    userId: text("user_id").references(() => users.id, { onDelete: "cascade" }),
    feedId: snowflake("feed_id").references(() => feeds.id, { onDelete: "cascade" }),
    balance: numeric("balance", { precision: 78, scale: 0 }).notNull().default("0"),
    updatedAt: timestamptz("updated_at").notNull().defaultNow(),
  },
  (t) => [
    index("power_accounts_user_idx").on(t.userId),
    check("power_accounts_kind_check", sql`${t.kind} IN ('daily', 'cashable', 'feed', 'treasury')`),
    check("power_accounts_balance_check", sql`${t.kind} = 'treasury' OR ${t.balance} >= 0`),
  ],
);

/**
 * One movement of POWER (reference facts §2.16 `transactions`): what it was for and who it was
 * between; its postings move the amounts. `idempotency_key` makes a retried spending request
 * find the transaction it already made.
 */
export const powerTransactions = pgTable(
  "power_transactions",
  {
    id: snowflake("id").primaryKey(),
    /** Shown as the transaction's hash: 0x and 64 hex digits. */
    hash: text("hash").notNull().unique(),
    type: text("type").notNull(),
    fromUserId: text("from_user_id").references(() => users.id, { onDelete: "set null" }),
    toUserId: text("to_user_id").references(() => users.id, { onDelete: "set null" }),
    toFeedId: snowflake("to_feed_id"),
    toListId: snowflake("to_list_id"),
    toEntryId: snowflake("to_entry_id"),
    toRsshubId: snowflake("to_rsshub_id"),
    amount: numeric("amount", { precision: 78, scale: 0 }).notNull(),
    tax: numeric("tax", { precision: 78, scale: 0 }).notNull().default("0"),
    comment: text("comment"),
    idempotencyKey: text("idempotency_key"),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("power_transactions_idempotency_unique").on(t.fromUserId, t.idempotencyKey),
    index("power_transactions_from_idx").on(t.fromUserId, t.id),
    index("power_transactions_to_user_idx").on(t.toUserId, t.id),
    index("power_transactions_to_feed_idx").on(t.toFeedId, t.id),
    check("power_transactions_type_check", sql`${t.type} IN ('tip', 'mint', 'burn', 'withdraw', 'purchase', 'airdrop')`),
    check("power_transactions_amount_check", sql`${t.amount} > 0`),
  ],
);

/** The two (or more) sides of a transaction; a transaction's postings sum to zero. */
export const powerPostings = pgTable(
  "power_postings",
  {
    transactionId: snowflake("transaction_id")
      .notNull()
      .references(() => powerTransactions.id, { onDelete: "cascade" }),
    accountId: text("account_id")
      .notNull()
      .references(() => powerAccounts.id, { onDelete: "cascade" }),
    amount: numeric("amount", { precision: 78, scale: 0 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.transactionId, t.accountId] }), index("power_postings_account_idx").on(t.accountId)],
);

/** Daily rewards claimed: one per user and day. */
export const powerDailyClaims = pgTable(
  "power_daily_claims",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    transactionId: snowflake("transaction_id").notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);

/**
 * Each reader's level and today's reward, computed once a day by the scheduler from the POWER
 * ranking and activity (reads, subscriptions, tips).
 */
export const powerLevels = pgTable("power_levels", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  rank: integer("rank").notNull(),
  level: smallint("level").notNull(),
  activityPoints: integer("activity_points").notNull().default(0),
  prevActivityPoints: integer("prev_activity_points").notNull().default(0),
  /** What `claim_daily` pays today. */
  dailyAmount: numeric("daily_amount", { precision: 78, scale: 0 }).notNull().default("0"),
  day: date("day", { mode: "string" }).notNull(),
});

/** The daily computation: one row per day; 4005 while `status` is running. */
export const powerDailyRuns = pgTable("power_daily_runs", {
  day: date("day", { mode: "string" }).primaryKey(),
  status: text("status").notNull(),
  startedAt: timestamptz("started_at").notNull().defaultNow(),
  finishedAt: timestamptz("finished_at"),
  users: integer("users"),
});

/** Boosts of feeds: a purchase transaction buys `months` of boost. */
export const powerBoosts = pgTable(
  "power_boosts",
  {
    transactionId: snowflake("transaction_id")
      .primaryKey()
      .references(() => powerTransactions.id, { onDelete: "cascade" }),
    feedId: snowflake("feed_id")
      .notNull()
      .references(() => feeds.id, { onDelete: "cascade" }),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    months: smallint("months").notNull(),
    expiresAt: timestamptz("expires_at").notNull(),
  },
  (t) => [index("power_boosts_feed_idx").on(t.feedId, t.expiresAt)],
);

/** Achievements: progress towards each, then its reward once claimed (`transaction_id`). */
export const achievements = pgTable(
  "achievements",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    actionId: integer("action_id").notNull(),
    /** incomplete, checking, audit, completed or received. */
    type: text("type").notNull(),
    progress: integer("progress").notNull().default(0),
    progressMax: integer("progress_max").notNull(),
    doneAt: timestamptz("done_at"),
    transactionId: snowflake("transaction_id"),
    payload: jsonb("payload"),
  },
  (t) => [primaryKey({ columns: [t.userId, t.actionId] })],
);
