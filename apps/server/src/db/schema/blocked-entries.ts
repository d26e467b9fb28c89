import { index, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { snowflake, timestamptz } from "./columns.ts";
import { entries } from "./entries.ts";
import { users } from "./users.ts";

/**
 * Entries a reader's Actions blocked: a fact about (reader, entry), kept whatever becomes of the
 * rule that blocked it. The reader's own rows of the entry (`timeline`, `unread_entries`,
 * `collections`) are deleted when it is blocked, so listings made of them need nothing more;
 * those that read what everyone shares (a feed's entries, a list's, search documents, an entry
 * by id) leave out what is here, through `entryVisibleTo` / `notBlockedBy` (db/sql-helpers.ts).
 * Deliveries skip it too, so the entry never comes back through another list or a new
 * subscription, and it cannot be starred again (`entryVisibleTo`).
 *
 * Why a table rather than evaluating the rules when entries are shown: a block at ingestion is
 * final (webhooks, notifications and AI were skipped for it), and the primary key answers "did
 * this reader block it" with one probe, whatever the number of rules.
 */
export const blockedEntries = pgTable(
  "blocked_entries",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    entryId: snowflake("entry_id")
      .notNull()
      .references(() => entries.id, { onDelete: "cascade" }),
    blockedAt: timestamptz("blocked_at").notNull().defaultNow(),
  },
  // By entry too: deleting an entry (an inbox's mail, a feed's) finds its blocks without a scan.
  (t) => [primaryKey({ columns: [t.userId, t.entryId] }), index("blocked_entries_entry_idx").on(t.entryId)],
);
