import { customType, index, integer, pgTable, text } from "drizzle-orm/pg-core";
import { snowflake, timestamptz } from "./columns.ts";
import { users } from "./users.ts";

/** Raw bytes: `bytea` in PostgreSQL, a Buffer in TypeScript (PGlite hands back a Uint8Array). */
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => "bytea",
  toDriver: (value) => value,
  fromDriver: (value) => Buffer.from(value),
});

/**
 * Uploaded files (avatars), kept in the database so that every server process serves the same
 * bytes without a shared disk. A file belongs to the account that uploaded it.
 */
export const files = pgTable(
  "files",
  {
    id: snowflake("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    contentType: text("content_type").notNull(),
    bytes: bytea("bytes").notNull(),
    size: integer("size").notNull(),
    /** Hex SHA-256 of `bytes`: the ETag. */
    sha256: text("sha256").notNull(),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
  },
  (t) => [index("files_user_id_idx").on(t.userId)],
);
