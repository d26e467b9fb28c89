import { type SQL, sql } from "drizzle-orm";
import { rowsOf } from "../../src/db/client.ts";
import type { TestApp } from "../helpers/app.ts";

/**
 * A user's unread counts twice: as kept in `unread_counts`, and as the timeline says they should
 * be. Tests expect the two to be equal after every change.
 */
export async function unreadCounts(t: TestApp, userId: string): Promise<{ kept: Record<string, number>; truth: Record<string, number> }> {
  const read = async (query: SQL) =>
    Object.fromEntries(rowsOf<{ source_id: string | number; n: number }>(await t.deps.db.execute(query)).map((row) => [String(row.source_id), Number(row.n)]));
  return {
    kept: await read(sql`SELECT source_id, count AS n FROM unread_counts WHERE user_id = ${userId} AND count > 0`),
    truth: await read(sql`SELECT t.source_id, count(*)::int AS n FROM timeline t
      JOIN unread_entries u ON u.user_id = t.user_id AND u.entry_id = t.entry_id AND u.source_id = t.source_id
      WHERE t.user_id = ${userId} GROUP BY t.source_id`),
  };
}

/** Rows of a table matching a condition, for checking what a delete left behind. */
export async function countRows(t: TestApp, query: SQL): Promise<number> {
  return Number(rowsOf<{ n: number }>(await t.deps.db.execute(query))[0]?.n ?? 0);
}
