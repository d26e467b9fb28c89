import type { FeedSummary, ListSummary, TimelineItem } from "@tidings/contracts";
import { sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { entriesStoreRepo } from "../../src/features/entries/entries-store.repo.ts";
import { apiAs, type Api } from "../helpers/api.ts";
import { createTestApp, signUp, type TestApp } from "../helpers/app.ts";
import { seedFeed } from "../helpers/seed.ts";
import { countRows, unreadCounts } from "./timeline-counts.ts";

let t: TestApp;
let ann: Api;
let bob: Api;
let bobId: string;
let listId: string;

beforeEach(async () => {
  t = await createTestApp();
  ann = apiAs(t, (await signUp(t, { email: "ann@example.com" })).cookie);
  const b = await signUp(t, { email: "bob@example.com" });
  bob = apiAs(t, b.cookie);
  bobId = b.userId;
  listId = (await ann.post<ListSummary>("/lists", { title: "Picks", view: 0, fee: 0 })).body.data!.id;
});
afterEach(async () => t.close());

const titles = (items: TimelineItem[] | undefined) => (items ?? []).map((item) => item.entries.title);
const listEntries = (feedId: string) => countRows(t, sql`SELECT count(*)::int AS n FROM list_entries WHERE list_id = ${listId} AND feed_id = ${feedId}`);

describe("list feeds", () => {
  it("adding feeds brings their newest entries into the list and its followers' timelines, counted", async () => {
    const big = await seedFeed(t, { count: 25, title: "Big", newest: new Date("2026-11-01T12:00:00Z") });
    const small = await seedFeed(t, { count: 3, title: "Small", newest: new Date("2026-11-02T12:00:00Z") });
    await bob.post("/subscriptions", { listId, view: 1 });

    const added = await ann.post<FeedSummary[]>("/lists/feeds", { listId, feedId: big.feedId });
    expect(added.status).toBe(200);
    expect(added.body.data).toEqual([expect.objectContaining({ type: "feed", id: big.feedId, title: "Big" })]);
    expect(await listEntries(big.feedId)).toBe(20);
    expect((await bob.get("/reads?view=1")).body.data).toEqual({ [listId]: 20 });
    // The batch keeps the feed's order, and pages cleanly with the time-only cursor.
    const page = await bob.post<TimelineItem[]>("/entries", { listId, limit: 10 });
    expect(titles(page.body.data)).toEqual(Array.from({ length: 10 }, (_, i) => `Entry ${i}`));

    const more = await ann.post<FeedSummary[]>("/lists/feeds", { listId, feedIds: [small.feedId] });
    expect(more.body.data!.map((feed) => feed.id)).toEqual([small.feedId]);
    expect((await bob.get("/reads")).body.data).toEqual({ [listId]: 23 });
    const counts = await unreadCounts(t, bobId);
    expect(counts.kept).toEqual(counts.truth);

    const shown = await bob.get<{ list: ListSummary; entries: TimelineItem[]; feedCount: number }>(`/lists?listId=${listId}`);
    expect(shown.body.data!.feedCount).toBe(2);
    expect(shown.body.data!.list.feedIds).toEqual([big.feedId, small.feedId]);
    expect(shown.body.data!.list.feeds!.map((feed) => feed.title)).toEqual(["Big", "Small"]);
    // The newest to enter the list come first: the small feed's three, then the big feed's.
    expect(titles(shown.body.data!.entries)).toEqual(["Entry 0", "Entry 1", "Entry 2", ...Array.from({ length: 17 }, (_, i) => `Entry ${i}`)]);
  });

  it("delivers what a listed feed publishes later to the list's followers", async () => {
    const feed = await seedFeed(t, { count: 1 });
    await ann.post("/lists/feeds", { listId, feedId: feed.feedId });
    await bob.post("/subscriptions", { listId, view: 0 });
    const now = new Date();
    const entryId = t.deps.ids.next();
    await t.deps.db.transaction(async (tx) => {
      await entriesStoreRepo.insertMany(tx, [{ id: entryId, feedId: feed.feedId, guid: "later", title: "Later", publishedAt: now }]);
      await t.deps.timeline.deliverFeedEntries(tx, feed.feedId, [entryId], now);
    });
    expect((await bob.get("/reads")).body.data).toEqual({ [listId]: 2 });
  });

  it("answers 2001 for an unknown feed and 8003 for one already listed, adding nothing", async () => {
    const one = await seedFeed(t, { count: 2 });
    const two = await seedFeed(t, { count: 2 });
    expect(await ann.post("/lists/feeds", { listId, feedId: t.deps.ids.next() })).toMatchObject({ status: 404, body: { code: 2001 } });
    expect(await ann.post("/lists/feeds", { listId, feedIds: [one.feedId, t.deps.ids.next()] })).toMatchObject({ status: 404, body: { code: 2001 } });
    expect((await ann.post("/lists/feeds", { listId, feedId: one.feedId })).status).toBe(200);
    expect(await ann.post("/lists/feeds", { listId, feedId: one.feedId })).toMatchObject({ status: 409, body: { code: 8003 } });
    expect(await ann.post("/lists/feeds", { listId, feedIds: [two.feedId, one.feedId] })).toMatchObject({ status: 409, body: { code: 8003 } });
    expect(await listEntries(two.feedId)).toBe(0);
    expect(await ann.post("/lists/feeds", { listId })).toMatchObject({ status: 400, body: { code: 1002 } });
    expect(await ann.post("/lists/feeds", { listId: t.deps.ids.next(), feedId: two.feedId })).toMatchObject({ status: 404, body: { code: 8000 } });
    expect(await ann.delete("/lists/feeds", { listId: t.deps.ids.next(), feedId: two.feedId })).toMatchObject({ status: 404, body: { code: 8000 } });
    expect(await ann.delete("/lists/feeds", { listId })).toMatchObject({ status: 400, body: { code: 1002 } });
  });

  it("removing a feed takes its entries out of the list and its followers' timelines, keeping counts right", async () => {
    const kept = await seedFeed(t, { count: 2 });
    // Bob follows this feed himself too: those rows must stay.
    const gone = await seedFeed(t, { count: 4, userId: bobId });
    await bob.post("/subscriptions", { listId, view: 0 });
    await ann.post("/lists/feeds", { listId, feedIds: [kept.feedId, gone.feedId] });
    await bob.post("/reads", { entryIds: [gone.entryIds[0]] });
    expect((await bob.get("/reads")).body.data).toEqual({ [listId]: 5, [gone.feedId]: 3 });

    expect(await ann.delete("/lists/feeds", { listId, feedId: gone.feedId })).toMatchObject({ status: 200, body: { code: 0 } });
    expect((await bob.get("/reads")).body.data).toEqual({ [listId]: 2, [gone.feedId]: 3 });
    const counts = await unreadCounts(t, bobId);
    expect(counts.kept).toEqual(counts.truth);
    expect(await listEntries(gone.feedId)).toBe(0);
    expect(titles((await bob.post<TimelineItem[]>("/entries", { listId })).body.data)).toEqual(["Entry 0", "Entry 1"]);
    expect((await bob.post<TimelineItem[]>("/entries", { feedId: gone.feedId })).body.data).toHaveLength(4);
    expect((await ann.get<{ feedCount: number }>(`/lists?listId=${listId}`)).body.data!.feedCount).toBe(1);
    // Removing a feed that is not in the list changes nothing.
    expect((await ann.delete("/lists/feeds", { listId, feedId: gone.feedId })).status).toBe(200);

    // Added back: its entries return, the one Bob read stays read.
    await ann.post("/lists/feeds", { listId, feedId: gone.feedId });
    expect((await bob.get("/reads")).body.data).toEqual({ [listId]: 5, [gone.feedId]: 3 });
    const again = await unreadCounts(t, bobId);
    expect(again.kept).toEqual(again.truth);
    expect((await ann.get<{ readCount: number }>(`/lists?listId=${listId}`)).body.data!.readCount).toBe(1);
  });
});
