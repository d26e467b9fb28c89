import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { rowsOf } from "../../src/db/client.ts";
import { entries, feeds, timeline, unreadEntries } from "../../src/db/schema/index.ts";
import type { FeedRow } from "../../src/features/feeds/feeds.repo.ts";
import { createTestApp, type TestApp } from "../helpers/app.ts";
import { rssFeed, startFeedServer, type FeedServer } from "../helpers/feed-server.ts";
import { insertUser, subscribeToFeed } from "../helpers/users.ts";

let t: TestApp;
let server: FeedServer;
let userId: string;

beforeAll(async () => {
  server = await startFeedServer();
});
afterAll(async () => server.close());
beforeEach(async () => {
  t = await createTestApp({ PRIVATE_NETWORKS_FOR: "everyone", FETCH_TIMEOUT_SECONDS: "2" });
  userId = await insertUser(t.deps.db, t.deps.ids);
});
afterEach(async () => t.close());

const feedRow = async (id: string) => (await t.deps.feedsRepo.findById(id)) as FeedRow;
const refresh = async (id: string) => {
  const { result } = await t.deps.feeds.refreshNow({ id: userId, email: "", name: "", role: "user", isAdmin: true }, id);
  return result;
};
const entryCount = async (feedId: string) => (await t.deps.db.select().from(entries).where(eq(entries.feedId, feedId))).length;

describe("refreshing a feed", () => {
  it("stores entries once, delivers them to subscribers and schedules the next check", async () => {
    server.set("/a.xml", { etag: '"v1"', body: rssFeed({ title: "Alpha", ttl: 60, items: [{ guid: "a1", title: "One" }, { guid: "a2", title: "Two", enclosure: "https://cdn.example.com/a2.mp3" }] }) });
    const feedId = await subscribeToFeed(t.deps.db, t.deps.ids, userId, server.url("/a.xml"));
    const before = Date.now();
    expect(await refresh(feedId)).toEqual({ status: "updated", inserted: 2, updated: 0, unchanged: 0 });

    const feed = await feedRow(feedId);
    expect(feed).toMatchObject({ title: "Alpha", siteUrl: "https://example.com/", etag: '"v1"', errorCount: 0, errorMessage: null });
    expect(feed.updatesPerWeek).toBe(7);
    expect(feed.subscriptionCount).toBe(1);
    expect(feed.latestEntryPublishedAt).not.toBeNull();
    // RSS <ttl> 60 minutes is never undercut.
    expect(feed.nextCheckAt.getTime()).toBeGreaterThanOrEqual(before + 60 * 60_000 - 1000);
    const stored = await t.deps.db.select().from(entries).where(eq(entries.feedId, feedId));
    expect(stored.map((e) => e.guid).sort()).toEqual(["a1", "a2"]);
    const two = stored.find((e) => e.guid === "a2")!;
    expect(two.attachments).toEqual([{ url: "https://cdn.example.com/a2.mp3", mime_type: "audio/mpeg", size_in_bytes: 1234 }]);
    expect(two.content).toBe("<p>Two body</p>");
    const rows = await t.deps.db.select().from(timeline).where(eq(timeline.userId, userId));
    expect(rows).toHaveLength(2);
    expect(rows.every((row) => row.sourceId === feedId && row.view === 0)).toBe(true);
    const unread = await t.deps.db.select().from(unreadEntries).where(eq(unreadEntries.userId, userId));
    expect(unread.map((row) => row.entryId).sort()).toEqual(rows.map((row) => row.entryId).sort());
  });

  it("answers a second refresh with a conditional GET and changes nothing on 304", async () => {
    server.set("/b.xml", { etag: '"b1"', body: rssFeed({ items: [{ guid: "b1", title: "One" }] }) });
    const feedId = await subscribeToFeed(t.deps.db, t.deps.ids, userId, server.url("/b.xml"));
    await refresh(feedId);
    expect(await refresh(feedId)).toEqual({ status: "not-modified" });
    const last = server.requests.filter((r) => r.path === "/b.xml").at(-1)!;
    expect(last.headers["if-none-match"]).toBe('"b1"');
    expect(await entryCount(feedId)).toBe(1);
  });

  it("updates a changed entry in place and adds new ones without duplicates", async () => {
    const date = new Date("2026-11-01T10:00:00Z");
    server.set("/c.xml", { body: rssFeed({ items: [{ guid: "c1", title: "First", date }] }) });
    const feedId = await subscribeToFeed(t.deps.db, t.deps.ids, userId, server.url("/c.xml"));
    await refresh(feedId);
    const [original] = await t.deps.db.select().from(entries).where(eq(entries.feedId, feedId));
    server.set("/c.xml", { body: rssFeed({ items: [{ guid: "c2", title: "Second" }, { guid: "c1", title: "First (edited)", date }] }) });
    expect(await refresh(feedId)).toEqual({ status: "updated", inserted: 1, updated: 1, unchanged: 0 });
    expect(await refresh(feedId)).toEqual({ status: "updated", inserted: 0, updated: 0, unchanged: 2 });
    const edited = (await t.deps.db.select().from(entries).where(eq(entries.id, original!.id)))[0]!;
    expect(edited.title).toBe("First (edited)");
    expect(edited.publishedAt.toISOString()).toBe(date.toISOString());
    expect(await entryCount(feedId)).toBe(2);
    expect(await t.deps.db.select().from(timeline).where(eq(timeline.userId, userId))).toHaveLength(2);
  });

  it("reads again only the items whose markup changed, or whose feed around them did", async () => {
    const date = new Date("2026-11-01T10:00:00Z");
    const items = [{ guid: "d1", title: "One", date }, { guid: "d2", title: "Two", date }];
    server.set("/d.xml", { body: rssFeed({ items }) });
    const feedId = await subscribeToFeed(t.deps.db, t.deps.ids, userId, server.url("/d.xml"));
    expect(await refresh(feedId)).toEqual({ status: "updated", inserted: 2, updated: 0, unchanged: 0 });
    expect((await feedRow(feedId)).itemDigests).toHaveLength(2);
    // Had "One" been read again, its stored hash (made different here) would get it rewritten.
    await t.deps.db.execute(sql`UPDATE entries SET content_hash = 'other', title = 'kept' WHERE feed_id = ${feedId} AND guid = 'd1'`);
    server.set("/d.xml", { body: rssFeed({ items: [{ guid: "d3", title: "Three", date }, items[0]!, { guid: "d2", title: "Two (edited)", date }] }) });
    expect(await refresh(feedId)).toEqual({ status: "updated", inserted: 1, updated: 1, unchanged: 1 });
    const titles = async () => Object.fromEntries((await t.deps.db.select().from(entries).where(eq(entries.feedId, feedId))).map((e) => [e.guid, e.title]));
    expect(await titles()).toEqual({ d1: "kept", d2: "Two (edited)", d3: "Three" });
    expect((await feedRow(feedId)).itemDigests).toHaveLength(3);
    // The same items in a feed that now declares its language read differently (they take it): all are read.
    server.set("/d.xml", { body: rssFeed({ language: "fr", items: [{ guid: "d3", title: "Three", date }, items[0]!, { guid: "d2", title: "Two (edited)", date }] }) });
    expect(await refresh(feedId)).toEqual({ status: "updated", inserted: 0, updated: 3, unchanged: 0 });
    expect((await titles()).d1).toBe("One");
    const languages = (await t.deps.db.select().from(entries).where(eq(entries.feedId, feedId))).map((e) => e.language);
    expect(languages).toEqual(["fr", "fr", "fr"]);
  });

  it("backs off on 429 without undercutting Retry-After, and records the error", async () => {
    server.set("/d.xml", { status: 429, headers: { "retry-after": "7200" }, body: "slow down" });
    const feedId = await subscribeToFeed(t.deps.db, t.deps.ids, userId, server.url("/d.xml"));
    const before = Date.now();
    expect(await refresh(feedId)).toEqual({ status: "failed", message: expect.stringContaining("429") });
    const feed = await feedRow(feedId);
    expect(feed.errorCount).toBe(1);
    expect(feed.errorAt).not.toBeNull();
    expect(feed.nextCheckAt.getTime()).toBeGreaterThanOrEqual(before + 7200_000);
  });

  it("keeps a vanished feed (410) and its entries, retrying with growing back-off", async () => {
    server.set("/e.xml", { body: rssFeed({ items: [{ guid: "e1", title: "Kept" }] }) });
    const feedId = await subscribeToFeed(t.deps.db, t.deps.ids, userId, server.url("/e.xml"));
    await refresh(feedId);
    server.set("/e.xml", { status: 410, body: "gone" });
    await refresh(feedId);
    const first = await feedRow(feedId);
    await refresh(feedId);
    const second = await feedRow(feedId);
    expect(second).toMatchObject({ errorCount: 2, errorMessage: "The feed is gone (HTTP 410)" });
    expect(second.nextCheckAt.getTime() - second.checkedAt!.getTime()).toBeGreaterThan(first.nextCheckAt.getTime() - first.checkedAt!.getTime());
    expect(await entryCount(feedId)).toBe(1);
    // A success clears the error.
    server.set("/e.xml", { body: rssFeed({ items: [{ guid: "e1", title: "Kept" }] }) });
    await refresh(feedId);
    expect(await feedRow(feedId)).toMatchObject({ errorCount: 0, errorMessage: null, errorAt: null });
  });

  it("follows a permanent redirect and updates the stored URL", async () => {
    server.set("/old.xml", { status: 301, headers: { location: "/new.xml" } });
    server.set("/new.xml", { body: rssFeed({ items: [{ guid: "n1", title: "Moved" }] }) });
    const feedId = await subscribeToFeed(t.deps.db, t.deps.ids, userId, server.url("/old.xml"));
    await refresh(feedId);
    expect((await feedRow(feedId)).url).toBe(server.url("/new.xml"));
  });

  it("reads an XML entity bomb as text, quickly, without expanding it", async () => {
    const entities = Array.from({ length: 10 }, (_, i) => `<!ENTITY l${i + 1} "${`&l${i};`.repeat(10)}">`).join("");
    const bomb = `<?xml version="1.0"?><!DOCTYPE rss [<!ENTITY l0 "lol">${entities}]><rss version="2.0"><channel><title>Bomb &l10;</title><item><guid>x</guid><title>&l10;</title></item></channel></rss>`;
    server.set("/bomb.xml", { body: bomb });
    const feedId = await subscribeToFeed(t.deps.db, t.deps.ids, userId, server.url("/bomb.xml"));
    const started = performance.now();
    await refresh(feedId);
    expect(performance.now() - started).toBeLessThan(2000);
    const [entry] = await t.deps.db.select().from(entries).where(eq(entries.feedId, feedId));
    expect((entry?.title ?? "").length).toBeLessThan(100);
  });

  it("records an oversize body, a stalling server and a non-feed as errors", async () => {
    server.set("/huge.xml", { body: Buffer.alloc(11 * 1024 * 1024, 32) });
    server.set("/stall.xml", { handle: (_req, res) => res.writeHead(200, { "content-type": "application/rss+xml" }) });
    server.set("/page.html", { headers: { "content-type": "text/html" }, body: "<html><body>Hello</body></html>" });
    const messages: string[] = [];
    for (const path of ["/huge.xml", "/stall.xml", "/page.html"]) {
      const feedId = await subscribeToFeed(t.deps.db, t.deps.ids, userId, server.url(path));
      const result = await refresh(feedId);
      expect(result.status).toBe("failed");
      messages.push((await feedRow(feedId)).errorMessage!);
    }
    expect(messages).toEqual([
      "The feed is larger than the size limit",
      "The feed's server took too long to answer",
      expect.stringContaining("could not be read"),
    ]);
  });

  it("loses nothing and duplicates nothing when storing crashes halfway, then runs again", async () => {
    server.set("/f.xml", { body: rssFeed({ items: [{ guid: "f1", title: "One" }, { guid: "f2", title: "Two" }] }) });
    const feedId = await subscribeToFeed(t.deps.db, t.deps.ids, userId, server.url("/f.xml"));
    // Make delivery fail after the entries were inserted, inside the same transaction.
    await t.deps.db.execute(sql`CREATE FUNCTION fail_delivery() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'simulated crash'; END $$`);
    await t.deps.db.execute(sql`CREATE TRIGGER fail_delivery BEFORE INSERT ON timeline FOR EACH ROW EXECUTE FUNCTION fail_delivery()`);
    await expect(refresh(feedId)).rejects.toThrow();
    expect(await entryCount(feedId)).toBe(0);
    // The feed's new state (its item digests) is written with its entries: not without them.
    expect(await feedRow(feedId)).toMatchObject({ checkedAt: null, itemDigests: null });
    await t.deps.db.execute(sql`DROP TRIGGER fail_delivery ON timeline`);
    await refresh(feedId);
    await refresh(feedId);
    expect(await entryCount(feedId)).toBe(2);
    expect(rowsOf<{ n: number }>(await t.deps.db.execute(sql`SELECT count(*)::int AS n FROM timeline`))[0]!.n).toBe(2);
  });
});

describe("the scheduler", () => {
  it("refreshes every due feed once, then sleeps until the next is due", async () => {
    const ids: string[] = [];
    for (let i = 0; i < 12; i++) {
      server.set(`/s${i}.xml`, { body: rssFeed({ items: [{ guid: `s${i}`, title: `S${i}` }] }) });
      ids.push(await subscribeToFeed(t.deps.db, t.deps.ids, userId, server.url(`/s${i}.xml`)));
    }
    const result = await t.deps.scheduler.drain();
    expect(result).toEqual({ refreshed: 12, failed: 0, notModified: 0 });
    for (let i = 0; i < 12; i++) expect(server.hits(`/s${i}.xml`)).toBeGreaterThanOrEqual(1);
    expect(await t.deps.scheduler.drain()).toEqual({ refreshed: 0, failed: 0, notModified: 0 });
    const due = await t.deps.db.select({ next: feeds.nextCheckAt }).from(feeds);
    expect(due.every((row) => row.next.getTime() > Date.now() + 5 * 60_000)).toBe(true);
  });
});
