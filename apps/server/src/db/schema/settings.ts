import { jsonb, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { timestamptz } from "./columns.ts";
import { settingTab } from "./enums.ts";
import { users } from "./users.ts";

/** Synced settings, one JSON payload per user and tab, with the time of its last change. */
export const settings = pgTable(
  "settings",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tab: settingTab("tab").notNull(),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    updatedAt: timestamptz("updated_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.tab] })],
);
