import { sql } from "drizzle-orm";
import { bigint, check, index, integer, jsonb, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { timestamptz } from "./columns.ts";

/**
 * The durable queue of background work (db/job-queue.ts): push notifications to send, daily AI
 * reports to make, the periodic runs of the scheduled jobs. A job is claimed by one process at a
 * time (`FOR UPDATE SKIP LOCKED`): its `run_at` moves to the end of the lease, so a process that
 * dies holding it lets it fall due again then. `dedupe_key` (unique per kind) makes a second
 * enqueue of the same work a no-op, across processes.
 */
export const jobs = pgTable(
  "jobs",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    /** What to do: each kind has one runner (e.g. `push`, `ai-daily`). */
    kind: text("kind").notNull(),
    /** The work's own name within its kind (a reader and a day…); null: none, never merged. */
    dedupeKey: text("dedupe_key"),
    payload: jsonb("payload").notNull().default({}),
    /** pending (waiting or leased), done, or failed (no attempt left). */
    status: text("status").notNull().default("pending"),
    /** When it is due; while leased, when the lease ends. */
    runAt: timestamptz("run_at").notNull().defaultNow(),
    /** Attempts started (counted when claimed, so that work that kills its process is given up too). */
    attempts: integer("attempts").notNull().default(0),
    leasedUntil: timestamptz("leased_until"),
    /** The process (runner) holding the lease. */
    leasedBy: text("leased_by"),
    lastError: text("last_error"),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
    finishedAt: timestamptz("finished_at"),
  },
  (t) => [
    // Serves the claim: the due pending jobs of a kind, oldest due first.
    index("jobs_due_idx").on(t.kind, t.runAt).where(sql`${t.status} = 'pending'`),
    uniqueIndex("jobs_kind_dedupe_key_unique").on(t.kind, t.dedupeKey),
    // Serves the purge of finished jobs.
    index("jobs_finished_idx").on(t.finishedAt).where(sql`${t.finishedAt} IS NOT NULL`),
    check("jobs_status_check", sql`${t.status} IN ('pending', 'done', 'failed')`),
  ],
);
