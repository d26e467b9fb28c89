import { database } from "./database.ts";
import { guarded } from "./persistence.ts";

export function persistUnread(counts: Record<string, number>) {
  return guarded(async () => {
    const db = database();
    await db.transaction("rw", db.unread, async () => {
      await db.unread.clear();
      await db.unread.bulkPut(Object.entries(counts).map(([id, count]) => ({ id, count })));
    });
  });
}

/** Applies count changes made locally (optimistic reads). */
export function adjustUnread(counts: Record<string, number>) {
  return guarded(() => database().unread.bulkPut(Object.entries(counts).map(([id, count]) => ({ id, count }))));
}

export async function loadUnread(): Promise<Record<string, number>> {
  return Object.fromEntries((await database().unread.toArray()).map((row) => [row.id, row.count]));
}
