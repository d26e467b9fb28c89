import { integer, pgTable, text } from "drizzle-orm/pg-core";
import { timestamptz } from "./columns.ts";

/**
 * Requests counted per key (a rate limit's bucket and a client address) in fixed windows, shared by
 * every server process on the database (see `http/rate-limits.ts`).
 */
export const requestCounters = pgTable("request_counters", {
  key: text("key").primaryKey(),
  hits: integer("hits").notNull(),
  windowStartedAt: timestamptz("window_started_at").notNull(),
});
