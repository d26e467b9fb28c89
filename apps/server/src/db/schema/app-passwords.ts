import { index, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { snowflake, timestamptz } from "./columns.ts";
import { users } from "./users.ts";

/**
 * Passwords a reader makes for one reader app (Google Reader, Fever and Miniflux APIs), never the account
 * password: each is shown once, can be revoked alone, and is stored only as digests.
 *
 * `password_hash` is SHA-256 of the password: the password is 120 random bits, so a slow hash
 * would add nothing but a cost to every sync. `fever_key` is what the Fever protocol sends in
 * place of a password, md5(`email:password`), kept so a key can be looked up in one probe.
 */
export const appPasswords = pgTable(
  "app_passwords",
  {
    id: snowflake("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    passwordHash: text("password_hash").notNull(),
    feverKey: text("fever_key").notNull(),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
    lastUsedAt: timestamptz("last_used_at"),
  },
  (t) => [
    index("app_passwords_user_idx").on(t.userId, t.createdAt),
    uniqueIndex("app_passwords_fever_key_unique").on(t.feverKey),
    // Miniflux's X-Auth-Token is the password itself: found by its digest in one probe.
    index("app_passwords_password_hash_idx").on(t.passwordHash),
  ],
);

export type AppPasswordRow = typeof appPasswords.$inferSelect;
