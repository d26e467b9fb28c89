import { index, pgTable, text } from "drizzle-orm/pg-core";
import { snowflake, timestamps } from "./columns.ts";
import { users } from "./users.ts";

/**
 * Inboxes: receiving addresses (`handle` + the configured e-mail suffix) and webhooks that turn
 * what arrives into entries. The API calls an inbox by its handle.
 */
export const inboxes = pgTable(
  "inboxes",
  {
    id: snowflake("id").primaryKey(),
    handle: text("handle").notNull().unique(),
    ownerUserId: text("owner_user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    title: text("title"),
    description: text("description"),
    image: text("image"),
    /** Shared secret of the webhook (`X-Follow-Secret`). */
    secret: text("secret").notNull(),
    ...timestamps(),
  },
  (t) => [index("inboxes_owner_user_id_idx").on(t.ownerUserId)],
);
