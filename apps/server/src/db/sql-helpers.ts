import { type SQL, sql } from "drizzle-orm";

/**
 * A set of ids as one parameter: `x IN ${idSet(ids)}`. One JSON parameter instead of one per id
 * keeps statements small and their plans cached, whatever the number of ids.
 */
export function idSet(ids: readonly string[]): SQL {
  return sql`(SELECT (jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))::bigint)`;
}

/** A set of strings as one parameter: `x IN ${textSet(values)}`. */
export function textSet(values: readonly string[]): SQL {
  return sql`(SELECT jsonb_array_elements_text(${JSON.stringify(values)}::jsonb))`;
}

/** A time parameter, typed for PostgreSQL whichever driver sends it. */
export function at(date: Date): SQL {
  return sql`${date.toISOString()}::timestamptz`;
}

/**
 * Whether reader `userId` (an id, or a column) left the entry whose id is `entryId` (a column)
 * in: not blocked by one of their Actions (schema/blocked-entries.ts). One probe of that
 * table's primary key per row.
 */
export function notBlockedBy(userId: string | SQL, entryId: SQL): SQL {
  return sql`NOT EXISTS (SELECT 1 FROM blocked_entries b WHERE b.user_id = ${userId} AND b.entry_id = ${entryId})`;
}

/**
 * Whether `userId` may read the entry aliased `e` in the query: every feed's entries are public,
 * an inbox's entries are its owner's, and neither once the reader blocked it. The one statement
 * of that rule, for every query that needs it.
 */
export function entryVisibleTo(userId: string): SQL {
  return sql`((e.feed_id IS NOT NULL OR EXISTS (SELECT 1 FROM inboxes i WHERE i.id = e.inbox_id AND i.owner_user_id = ${userId}))
    AND ${notBlockedBy(userId, sql`e.id`)})`;
}

/**
 * `ARRAY[$1, $2, …]::text[]`: texts as one parameter each. Kilobytes of text travel as they are,
 * where an array literal would have to be escaped here and parsed again by the database. A text
 * given as UTF-8 bytes is sent as those bytes (a binary parameter, which is what text's binary
 * form is), without being decoded and encoded again.
 */
export function textParams(values: readonly (string | Uint8Array | null)[]): SQL {
  if (values.length === 0) return sql`ARRAY[]::text[]`;
  return sql`ARRAY[${sql.join(
    values.map((value) => sql`${utf8Param(value)}`),
    sql`, `,
  )}]::text[]`;
}

/** A text parameter: bytes as a Buffer (the driver sends a Buffer as it is), strings as they are. */
export function utf8Param(value: string | Uint8Array | null): string | Buffer | null {
  if (value === null || typeof value === "string" || Buffer.isBuffer(value)) return value;
  return Buffer.from(value.buffer, value.byteOffset, value.byteLength);
}
