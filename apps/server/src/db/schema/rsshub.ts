import { check, index, integer, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import { snowflake, timestamptz, timestamps } from "./columns.ts";
import { users } from "./users.ts";

/**
 * RSSHub instances readers added (spec §1: some owned by users). The server-wide default
 * (`RSSHUB_URL`) is not a row. `access_key` is sealed (AES-256-GCM under a key derived from the
 * server secret): only the fetcher opens it, and only the owner sees it. `status` is what the
 * last health check found: `ok`, `unavailable` (unreachable or failing) or `invalid` (answers,
 * but not as an RSSHub instance would, or refuses the key).
 */
export const rsshubInstances = pgTable(
  "rsshub_instances",
  {
    id: snowflake("id").primaryKey(),
    ownerUserId: text("owner_user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    baseUrl: text("base_url").notNull(),
    accessKeySealed: text("access_key_sealed"),
    description: text("description").notNull().default(""),
    /** Monthly price in POWER for other readers; 0 is free. */
    price: integer("price").notNull().default(0),
    /** Readers who may use it, the owner included: 0 or 1 keeps it private, null has no limit. */
    userLimit: integer("user_limit"),
    status: text("status").notNull().default("ok"),
    errorMessage: text("error_message"),
    errorCount: integer("error_count").notNull().default(0),
    checkedAt: timestamptz("checked_at"),
    nextCheckAt: timestamptz("next_check_at").notNull().defaultNow(),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex("rsshub_instances_owner_url_unique").on(t.ownerUserId, t.baseUrl),
    index("rsshub_instances_next_check_idx").on(t.nextCheckAt),
    check("rsshub_instances_price_check", sql`${t.price} >= 0`),
    check("rsshub_instances_user_limit_check", sql`${t.userLimit} IS NULL OR ${t.userLimit} >= 0`),
    check("rsshub_instances_status_check", sql`${t.status} IN ('ok', 'unavailable', 'invalid')`),
  ],
);

/**
 * The instance each reader chose for their `rsshub://` feeds (none: the server's default).
 * `expires_at` ends a paid period; a free instance is used until the reader stops.
 */
export const rsshubUsages = pgTable(
  "rsshub_usages",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    rsshubId: snowflake("rsshub_id")
      .notNull()
      .references(() => rsshubInstances.id, { onDelete: "cascade" }),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
    expiresAt: timestamptz("expires_at"),
  },
  (t) => [index("rsshub_usages_rsshub_idx").on(t.rsshubId)],
);
