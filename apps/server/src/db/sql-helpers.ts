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

/** PostgreSQL's type id of `text`, as its binary array format names the element type. */
const TEXT_OID = 25;

/**
 * Texts as one `text[]` parameter in PostgreSQL's binary array format (what `array_recv` reads:
 * dimensions, element type, then each element's length, -1 for NULL, and UTF-8 bytes). A refresh
 * sends a feed's contents and search documents so: one parameter each, where one parameter per
 * text (`ARRAY[$1, $2, …]`) made the statement's SQL, its building here and its parsing there grow
 * with the rows, and an array literal would have to escape kilobytes of HTML. A text given as
 * UTF-8 bytes is copied as it is, never decoded and encoded again.
 */
export function textParams(values: readonly (string | Uint8Array | null)[]): SQL {
  let size = values.length === 0 ? 12 : 20 + 4 * values.length;
  let nulls = 0;
  for (const value of values) {
    if (value === null) nulls = 1;
    else size += typeof value === "string" ? Buffer.byteLength(value, "utf8") : value.byteLength;
  }
  const out = Buffer.allocUnsafe(size);
  out.writeInt32BE(values.length === 0 ? 0 : 1, 0);
  out.writeInt32BE(nulls, 4);
  out.writeInt32BE(TEXT_OID, 8);
  let at = 12;
  if (values.length > 0) {
    out.writeInt32BE(values.length, 12);
    out.writeInt32BE(1, 16);
    at = 20;
  }
  for (const value of values) {
    if (value === null) {
      out.writeInt32BE(-1, at);
      at += 4;
      continue;
    }
    const written = typeof value === "string" ? out.write(value, at + 4, "utf8") : (out.set(value, at + 4), value.byteLength);
    out.writeInt32BE(written, at);
    at += 4 + written;
  }
  return sql`${out}::text[]`;
}
