import { index, pgTable, text } from "drizzle-orm/pg-core";
import { timestamptz } from "./columns.ts";
import { users } from "./users.ts";

/** Invitation codes: created by a user, used once to turn a trial account into a user. */
export const invitations = pgTable(
  "invitations",
  {
    code: text("code").primaryKey(),
    fromUserId: text("from_user_id").references(() => users.id, { onDelete: "set null" }),
    toUserId: text("to_user_id")
      .unique()
      .references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
    usedAt: timestamptz("used_at"),
  },
  (t) => [index("invitations_from_user_id_idx").on(t.fromUserId)],
);
