import { integer, pgTable, text } from "drizzle-orm/pg-core";
import { timestamptz } from "./columns.ts";

/**
 * Failed sign-in attempts per key (an address and e-mail pair, or an e-mail alone), counted in a
 * window; past the limit the key is locked until `locked_until`.
 */
export const signInFailures = pgTable("sign_in_failures", {
  key: text("key").primaryKey(),
  failures: integer("failures").notNull(),
  windowStartedAt: timestamptz("window_started_at").notNull(),
  lockedUntil: timestamptz("locked_until"),
});
