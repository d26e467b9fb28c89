import { pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { timestamptz } from "./columns.ts";
import { users } from "./users.ts";

/**
 * Categories a reader app made (Miniflux's `POST /v1/categories`) before any feed is in them. A
 * category is otherwise the folder name its subscriptions carry; these keep an empty one, so that
 * the app can put a feed in it by its id.
 */
export const appCategories = pgTable(
  "app_categories",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.name] })],
);
