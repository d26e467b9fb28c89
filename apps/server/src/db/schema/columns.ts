import { customType, timestamp } from "drizzle-orm/pg-core";

/**
 * A snowflake id column: `bigint` in PostgreSQL (8 bytes, ordered like creation time), a decimal
 * string in TypeScript and JSON (ids do not fit a JS number).
 */
export const snowflake = customType<{ data: string; driverData: string | number | bigint }>({
  dataType: () => "bigint",
  toDriver: (value) => value,
  fromDriver: (value) => String(value),
});

/** A timestamp with time zone, read as a `Date`. */
export const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

/** `created_at` / `updated_at` pair used by most tables. */
export const timestamps = () => ({
  createdAt: timestamptz("created_at").notNull().defaultNow(),
  updatedAt: timestamptz("updated_at").notNull().defaultNow(),
});
