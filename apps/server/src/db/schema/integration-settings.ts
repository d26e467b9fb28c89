import { pgTable, text } from "drizzle-orm/pg-core";
import { timestamptz } from "./columns.ts";
import { users } from "./users.ts";

/**
 * A reader's "save to …" integration settings, kept only when they chose to sync them: one blob
 * of JSON sealed (AES-256-GCM) under a key derived from the server secret, so a database dump
 * gives away no token. Readers who do not sync have no row.
 */
export const integrationSettings = pgTable("integration_settings", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  sealed: text("sealed").notNull(),
  updatedAt: timestamptz("updated_at").notNull().defaultNow(),
});
