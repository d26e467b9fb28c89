import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "../../src/db/client.ts";
import { entries, feeds, lists, timeline } from "../../src/db/schema/index.ts";
import { createTestApp, type TestApp } from "../helpers/app.ts";
import { insertUser } from "../helpers/users.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

/** A feed with `count` entries, one a minute back from noon; answers the entry ids, newest first. */
async function feedWithEntries(count: number): Promise<{ feedId: string; entryIds: string[] }> {
  const { db, ids } = t.deps;
  const feedId = ids.next();
  await db.insert(feeds).values({ id: feedId, url: `https://backfill.example/${feedId}` });
  const rows = Array.from({ length: count }, (_, i) => ({ id: ids.next(), feedId, guid: `g${i}`, publishedAt: new Date(Date.UTC(2026, 10, 1, 12, -i)) }));
  await db.insert(entries).values(rows);
  return { feedId, entryIds: rows.map((row) => row.id) };
}

const rowsOfUser = async (userId: string) =>
  rowsOf<{ entry_id: string | number; source_id: string | number; view: number; read: boolean }>(
    await t.deps.db.execute(sql`SELECT entry_id, source_id, view,
      NOT EXISTS (SELECT 1 FROM unread_entries u WHERE u.user_id = t.user_id AND u.entry_id = t.entry_id AND u.source_id = t.source_id) AS read
      FROM timeline t WHERE user_id = ${userId} ORDER BY published_at DESC`),
  ).map((row) => ({ entryId: String(row.entry_id), sourceId: String(row.source_id), view: Number(row.view), read: row.read }));

describe("timeline.backfillFeeds", () => {
  it("gives each feed's newest entries in the subscription's view, keeps entries read elsewhere read, and counts", async () => {
    const { db, ids, timeline: repo } = t.deps;
    const userId = await insertUser(db, ids, "Importer");
    const one = await feedWithEntries(5);
    const two = await feedWithEntries(3);
    // The user read one of feed one's entries through a list already.
    const listId = ids.next();
    await db.insert(lists).values({ id: listId, ownerUserId: userId, title: "L" });
    await db.insert(timeline).values({ userId, entryId: one.entryIds[1]!, sourceType: "list", sourceId: listId, feedId: one.feedId, view: 0, publishedAt: new Date() });

    const now = new Date();
    await db.transaction((tx) => repo.backfillFeeds(tx, userId, [{ feedId: one.feedId, view: 0 }, { feedId: two.feedId, view: 3 }], now, 4));
    const rows = (await rowsOfUser(userId)).filter((row) => row.sourceId !== listId);
    expect(rows.filter((row) => row.sourceId === one.feedId)).toEqual(
      one.entryIds.slice(0, 4).map((entryId, i) => ({ entryId, sourceId: one.feedId, view: 0, read: i === 1 })),
    );
    expect(rows.filter((row) => row.sourceId === two.feedId)).toEqual(two.entryIds.map((entryId) => ({ entryId, sourceId: two.feedId, view: 3, read: false })));
    const counts = async () => Object.fromEntries((await repo.unreadCounts(userId)).map((c) => [c.sourceId, c.count]));
    expect(await counts()).toEqual({ [one.feedId]: 3, [two.feedId]: 3 });

    // Again: nothing new, nothing counted twice; the counts match a rebuild from the timeline.
    await repo.backfillFeeds(db, userId, [{ feedId: one.feedId, view: 0 }, { feedId: two.feedId, view: 3 }], now, 4);
    expect(await counts()).toEqual({ [one.feedId]: 3, [two.feedId]: 3 });
    await repo.recount(userId);
    expect(await counts()).toEqual({ [one.feedId]: 3, [two.feedId]: 3 });
    await repo.backfillFeeds(db, userId, [], now, 4);
  });
});
