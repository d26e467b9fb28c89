import { jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { timestamptz } from "./columns.ts";

/**
 * Instance-wide settings an admin changes at run time (`invitationsRequired`, …). A key that is
 * absent falls back to the value from the environment.
 */
export const instanceSettings = pgTable("instance_settings", {
  key: text("key").primaryKey(),
  value: jsonb("value").$type<unknown>().notNull(),
  updatedAt: timestamptz("updated_at").notNull().defaultNow(),
});
