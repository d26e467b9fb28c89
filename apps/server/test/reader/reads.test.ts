import { sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { rowsOf } from "../../src/db/client.ts";
import { apiAs, type Api } from "../helpers/api.ts";
import { createTestApp, signUp, type TestApp } from "../helpers/app.ts";
import { seedFeed } from "../helpers/seed.ts";

let t: TestApp;
let ann: Api;
let annId: string;

beforeEach(async () => {
  t = await createTestApp();
  const a = await signUp(t, { email: "ann@example.com" });
  ann = apiAs(t, a.cookie);
  annId = a.userId;
});
afterEach(async () => t.close());

/** The counts as the timeline says they should be. */
async function recount(userId: string): Promise<Record<string, number>> {
  const rows = rowsOf<{ source_id: string | number; n: number }>(
    await t.deps.db.execute(sql`SELECT t.source_id, count(*)::int AS n FROM timeline t
      JOIN unread_entries u ON u.user_id = t.user_id AND u.entry_id = t.entry_id AND u.source_id = t.source_id
      WHERE t.user_id = ${userId} GROUP BY t.source_id`),
  );
  return Object.fromEntries(rows.map((row) => [String(row.source_id), Number(row.n)]));
}

describe("reads", () => {
  it("marks read and unread, idempotently, never below zero", async () => {
    const { feedId, entryIds } = await seedFeed(t, { userId: annId, count: 5 });
    expect((await ann.get("/reads")).body.data).toEqual({ [feedId]: 5 });
    await ann.post("/reads", { entryIds: entryIds.slice(0, 2) });
    await ann.post("/reads", { entryIds: entryIds.slice(0, 2) });
    expect((await ann.get("/reads")).body.data).toEqual({ [feedId]: 3 });
    await ann.delete("/reads", { entryId: entryIds[0] });
    await ann.delete("/reads", { entryId: entryIds[0] });
    expect((await ann.get("/reads")).body.data).toEqual({ [feedId]: 4 });
    expect((await ann.get("/reads/total-count")).body.data).toEqual({ count: 4 });
    expect(await recount(annId)).toEqual({ [feedId]: 4 });
    expect(await ann.post("/reads", { entryIds: [] })).toMatchObject({ status: 400, body: { code: 1002 } });
  });

  it("marks all read by view, feed, folder and time window, optionally sparing private feeds", async () => {
    const a = await seedFeed(t, { userId: annId, count: 4, view: 0, newest: new Date("2026-11-10T12:00:00Z") });
    const b = await seedFeed(t, { userId: annId, count: 3, view: 0, isPrivate: true });
    const c = await seedFeed(t, { userId: annId, count: 2, view: 1 });
    expect((await ann.post("/reads/all", { view: 0, excludePrivate: true })).body.data).toEqual({ marked: 4 });
    expect((await ann.get("/reads")).body.data).toEqual({ [b.feedId]: 3, [c.feedId]: 2 });
    await ann.delete("/reads", { entryIds: a.entryIds });
    // Only the entries published at or before 11:58 (the 3rd and 4th).
    expect((await ann.post("/reads/all", { feedId: a.feedId, endTime: "2026-11-10T11:58:00Z" })).body.data).toEqual({ marked: 2 });
    expect((await ann.post("/reads/all", { feedIdList: [a.feedId, b.feedId] })).body.data).toEqual({ marked: 5 });
    expect((await ann.get("/reads?view=0")).body.data).toEqual({});
    expect((await ann.get("/reads?view=1")).body.data).toEqual({ [c.feedId]: 2 });
    expect(await recount(annId)).toEqual({ [c.feedId]: 2 });
  });

  it("keeps counts equal to a recount under 20 concurrent mark-read, mark-unread and mark-all calls", async () => {
    const feeds = await Promise.all([0, 1, 2].map(() => seedFeed(t, { userId: annId, count: 40 })));
    const all = feeds.flatMap((feed) => feed.entryIds);
    const calls = Array.from({ length: 20 }, (_, i) => {
      const slice = all.slice((i * 7) % 100, ((i * 7) % 100) + 15);
      if (i % 5 === 4) return ann.post("/reads/all", { feedId: feeds[i % 3]!.feedId });
      if (i % 2 === 0) return ann.post("/reads", { entryIds: slice });
      return ann.delete("/reads", { entryIds: slice });
    });
    const results = await Promise.all(calls);
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(200));
    const counts = (await ann.get<Record<string, number>>("/reads")).body.data!;
    const truth = await recount(annId);
    expect(counts).toEqual(truth);
    expect(Object.values(counts).every((n) => n >= 0)).toBe(true);
  });

  it("reading an entry through one source reads it everywhere (feed and list rows)", async () => {
    const { feedId, entryIds } = await seedFeed(t, { userId: annId, count: 1 });
    const listId = t.deps.ids.next();
    await t.deps.db.execute(sql`INSERT INTO lists (id, owner_user_id, title) VALUES (${listId}, ${annId}, 'L')`);
    await t.deps.db.execute(sql`INSERT INTO list_feeds (list_id, feed_id) VALUES (${listId}, ${feedId})`);
    await t.deps.db.execute(sql`INSERT INTO list_entries (list_id, entry_id, feed_id) VALUES (${listId}, ${entryIds[0]}, ${feedId})`);
    await ann.post("/subscriptions", { listId, view: 0 });
    expect((await ann.get("/reads")).body.data).toEqual({ [feedId]: 1, [listId]: 1 });
    await ann.post("/reads", { entryIds });
    expect((await ann.get("/reads")).body.data).toEqual({});
  });
});
