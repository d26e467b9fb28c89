import { index, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { snowflake, timestamptz } from "./columns.ts";
import { entries } from "./entries.ts";
import { users } from "./users.ts";

/**
 * A reader's own labels on entries, as Google Reader clients set them (`edit-tag` with
 * `user/-/label/…`): the label's stream holds its entries beside the feeds of the folder of the
 * same name. By (reader, label) for that stream; by (reader, entry) for an entry's labels.
 */
export const entryLabels = pgTable(
  "entry_labels",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    label: text("label").notNull(),
    entryId: snowflake("entry_id")
      .notNull()
      .references(() => entries.id, { onDelete: "cascade" }),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.label, t.entryId] }), index("entry_labels_user_entry_idx").on(t.userId, t.entryId), index("entry_labels_entry_idx").on(t.entryId)],
);
