import { type SQL, sql } from "drizzle-orm";
import { at, notBlockedBy } from "../db/sql-helpers.ts";

/**
 * Delivers rows produced by `rows` (a SELECT of user_id, entry_id, source_type, source_id, feed_id,
 * view, published_at): each new timeline row is unread, unless its reader already knew the entry
 * and had read it (an entry read in a feed stays read when it arrives again through a list).
 * Nothing is delivered of what its reader blocked: a blocked entry does not come back through a
 * list or a new subscription, whatever the reader's rules are now.
 *
 * As CTEs named `<name>_…`, so that the statement that inserts entries can deliver them too. With
 * `inserted`, the entries are that statement's own: no reader can have seen, read or blocked
 * them, and the probes for that are left out (planned for the rows a JSON parameter is guessed to
 * hold, they hash all of `timeline` and `blocked_entries` instead of probing a few rows).
 */
export const deliveryCtes = (rows: SQL, now: Date, name: string, options: { inserted?: boolean } = {}) => {
  const n = sql.raw(name);
  const inserted = options.inserted === true;
  return sql`${n}_src AS (${rows}),
  ${n}_ins AS (
    INSERT INTO timeline (user_id, entry_id, source_type, source_id, feed_id, view, published_at, inserted_at)
    SELECT user_id, entry_id, source_type, source_id, feed_id, view, published_at, ${at(now)} FROM ${n}_src src
    ${inserted ? sql`` : sql`WHERE ${notBlockedBy(sql`src.user_id`, sql`src.entry_id`)}`}
    ON CONFLICT DO NOTHING
    RETURNING user_id, entry_id, source_type, source_id, view, published_at
  ),
  ${n}_fresh AS (
    INSERT INTO unread_entries (user_id, entry_id, source_id, source_type, view, published_at)
    SELECT i.user_id, i.entry_id, i.source_id, i.source_type, i.view, i.published_at FROM ${n}_ins i
    ${
      inserted
        ? sql``
        : sql`WHERE NOT EXISTS (SELECT 1 FROM timeline r WHERE r.user_id = i.user_id AND r.entry_id = i.entry_id)
       OR EXISTS (SELECT 1 FROM unread_entries u WHERE u.user_id = i.user_id AND u.entry_id = i.entry_id)`
    }
    ON CONFLICT DO NOTHING
    RETURNING user_id, source_id
  ),
  ${n}_counts AS (
    INSERT INTO unread_counts (user_id, source_id, count)
    SELECT user_id, source_id, count(*)::int FROM ${n}_fresh GROUP BY user_id, source_id
    ON CONFLICT (user_id, source_id) DO UPDATE SET count = unread_counts.count + excluded.count
  )`;
};

/** A delivery as a statement of its own. */
export const deliver = (rows: SQL, now: Date) => sql`WITH ${deliveryCtes(rows, now, "delivery")} SELECT 1`;

