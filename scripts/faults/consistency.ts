// What the fault tests check in a database after the fault: the stored unread counts match a
// recount of the unread entries, and no feed holds an entry twice.
import { sql } from "drizzle-orm";
import { type Database, rowsOf } from "@tidings/server";

export interface CountMismatch {
  user_id: string;
  source_id: string;
  stored: number;
  counted: number;
}

/** Every (user, source) whose stored unread count differs from its unread entries counted now. */
export async function unreadCountMismatches(db: Database): Promise<CountMismatch[]> {
  const result = await db.execute(sql`
    SELECT coalesce(c.user_id, u.user_id)::text AS user_id, coalesce(c.source_id, u.source_id)::text AS source_id,
      coalesce(c.count, 0)::int AS stored, coalesce(u.n, 0)::int AS counted
    FROM unread_counts c
    FULL JOIN (SELECT user_id, source_id, count(*)::int AS n FROM unread_entries GROUP BY user_id, source_id) u
      ON c.user_id = u.user_id AND c.source_id = u.source_id
    WHERE coalesce(c.count, 0) <> coalesce(u.n, 0)`);
  return rowsOf<CountMismatch>(result);
}

/** Entries stored twice: the same guid twice in one feed. */
export async function duplicateEntries(db: Database): Promise<{ feed_id: string; guid: string; n: number }[]> {
  const result = await db.execute(sql`SELECT feed_id::text AS feed_id, guid, count(*)::int AS n FROM entries GROUP BY feed_id, guid HAVING count(*) > 1`);
  return rowsOf<{ feed_id: string; guid: string; n: number }>(result);
}

/** A user's entry ids that are unread, and that are starred. */
export async function readerState(db: Database, email: string): Promise<{ unread: Set<string>; starred: Set<string>; feedUrls: Set<string> }> {
  const ids = (rows: { id: string }[]) => new Set(rows.map((row) => String(row.id)));
  const user = sql`(SELECT id FROM users WHERE email = ${email})`;
  const unread = rowsOf<{ id: string }>(await db.execute(sql`SELECT entry_id::text AS id FROM unread_entries WHERE user_id = ${user}`));
  const starred = rowsOf<{ id: string }>(await db.execute(sql`SELECT entry_id::text AS id FROM collections WHERE user_id = ${user}`));
  const feeds = rowsOf<{ url: string }>(await db.execute(sql`SELECT f.url FROM subscriptions s JOIN feeds f ON f.id = s.feed_id WHERE s.user_id = ${user}`));
  return { unread: ids(unread), starred: ids(starred), feedUrls: new Set(feeds.map((row) => row.url)) };
}
