import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { feeds, listEntries, listFeeds, lists, subscriptions } from "../../src/db/schema/index.ts";
import { apiAs, type Api } from "../helpers/api.ts";
import { createTestApp, signUp, type TestApp } from "../helpers/app.ts";
import { rssFeed, startFeedServer, type FeedServer } from "../helpers/feed-server.ts";
import { seedFeed } from "../helpers/seed.ts";

interface Item {
  feed?: { id: string; url: string; title: string | null };
  list?: { id: string; title: string; feedIds: string[]; owner?: { id: string; name: string | null } | null; subscriptionCount?: number };
  entries?: { id: string; title: string | null }[];
  isSubscribed: boolean;
  subscriptionCount: number;
}

let t: TestApp;
let server: FeedServer;
let ann: Api;
let bob: Api;
let annId: string;
let bobId: string;

const items = (prefix: string, n: number) =>
  Array.from({ length: n }, (_, i) => ({ guid: `${prefix}${i}`, title: `${prefix} post ${i}`, date: new Date(Date.UTC(2026, 0, 20 - i)) }));

beforeAll(async () => {
  server = await startFeedServer();
  server.set("/news.xml", { body: rssFeed({ title: "Daily News", items: items("news", 6) }) });
  server.set("/notes.xml", { body: rssFeed({ title: "Field Notes", items: items("note", 2) }) });
  server.set("/site/", {
    headers: { "content-type": "text/html" },
    body: '<html><head><link rel="alternate" type="application/rss+xml" title="News" href="/news.xml"><link rel="alternate" type="application/rss+xml" title="Notes" href="/notes.xml"></head></html>',
  });
  server.set("/nofeed/", { headers: { "content-type": "text/html" }, body: "<html><body>nothing here</body></html>" });
  server.set("/github/trending/daily", { body: rssFeed({ title: "GitHub Trending", items: items("repo", 3) }) });
});
afterAll(async () => server.close());
beforeEach(async () => {
  t = await createTestApp({ PRIVATE_NETWORKS_FOR: "everyone", RSSHUB_URL: server.url("") });
  const a = await signUp(t, { email: "ann@example.com", name: "Ann" });
  const b = await signUp(t, { email: "bob@example.com", name: "Bob" });
  ann = apiAs(t, a.cookie);
  bob = apiAs(t, b.cookie);
  annId = a.userId;
  bobId = b.userId;
});
afterEach(async () => t.close());

const discover = async (api: Api, body: unknown) => {
  const response = await api.post<Item[]>("/discover", body);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.data!;
};

describe("POST /discover with a URL", () => {
  it("stores every feed a page links, with four newest previews each, and says whether the caller follows them", async () => {
    const found = await discover(ann, { keyword: server.url("/site/") });
    expect(found.map((item) => item.feed!.title)).toEqual(["Daily News", "Field Notes"]);
    expect(found[0]!.entries!.map((entry) => entry.title)).toEqual(["news post 0", "news post 1", "news post 2", "news post 3"]);
    expect(found[1]!.entries).toHaveLength(2);
    expect(found.every((item) => !item.isSubscribed && item.subscriptionCount === 0)).toBe(true);
    expect(await t.deps.feedsRepo.findByUrl(server.url("/notes.xml"))).not.toBeNull();

    expect((await ann.post("/subscriptions", { url: server.url("/news.xml"), view: 0 })).status).toBe(200);
    const again = await discover(ann, { keyword: server.url("/site/") });
    expect(again.map((item) => [item.feed!.title, item.isSubscribed, item.subscriptionCount])).toEqual([
      ["Daily News", true, 1],
      ["Field Notes", false, 0],
    ]);
    // Each feed was fetched once when it was first stored, not again.
    expect(server.hits("/news.xml")).toBeGreaterThanOrEqual(1);
    const fetched = server.hits("/notes.xml");
    await discover(bob, { keyword: server.url("/notes.xml") });
    expect(server.hits("/notes.xml")).toBe(fetched + 1);
    expect((await discover(bob, { keyword: server.url("/site/") })).map((item) => item.isSubscribed)).toEqual([false, false]);
  });

  it("resolves rsshub:// routes against the configured instance", async () => {
    const [item] = await discover(ann, { keyword: "rsshub://github/trending/daily" });
    expect(item!.feed).toMatchObject({ url: "rsshub://github/trending/daily", title: "GitHub Trending" });
    expect(item!.entries).toHaveLength(3);
  });

  it("answers 2004 for a page without feeds, 2003 for an unreachable one, 1002 for an empty keyword or a bad target", async () => {
    expect(await ann.post("/discover", { keyword: server.url("/nofeed/") })).toMatchObject({ status: 422, body: { code: 2004 } });
    expect(await ann.post("/discover", { keyword: "http://127.0.0.1:1/feed.xml" })).toMatchObject({ status: 502, body: { code: 2003 } });
    expect(await ann.post("/discover", { keyword: "  " })).toMatchObject({ status: 400, body: { code: 1002 } });
    expect(await ann.post("/discover", {})).toMatchObject({ status: 400, body: { code: 1002 } });
    expect(await ann.post("/discover", { keyword: "news", target: "users" })).toMatchObject({ status: 400, body: { code: 1002 } });
    expect((await t.request("/api/discover", { json: { keyword: "news" } })).status).toBe(401);
  });
});

describe("POST /discover with a keyword", () => {
  beforeEach(async () => {
    const { db, ids } = t.deps;
    await db.insert(feeds).values([
      { id: ids.next(), url: "https://a.example/feed", title: "Rust Weekly", siteUrl: "https://a.example/" },
      { id: ids.next(), url: "https://b.example/feed", title: "Systems", description: "All about RUST and C", siteUrl: "https://b.example/" },
      { id: ids.next(), url: "https://rustacean.example/feed", title: "Station", siteUrl: "https://rustacean.example/" },
      { id: ids.next(), url: "https://c.example/feed", title: "Gardening 100%" },
    ]);
  });

  it("finds known feeds by title, description or site URL, most followed first", async () => {
    const station = (await t.deps.feedsRepo.findByUrl("https://rustacean.example/feed"))!;
    await t.deps.db.insert(subscriptions).values([
      { id: t.deps.ids.next(), userId: annId, type: "feed", feedId: station.id },
      { id: t.deps.ids.next(), userId: bobId, type: "feed", feedId: station.id, isPrivate: true },
    ]);
    const found = await discover(ann, { keyword: "rust" });
    expect(found.map((item) => [item.feed!.title, item.subscriptionCount, item.isSubscribed])).toEqual([
      ["Station", 2, true],
      ["Rust Weekly", 0, false],
      ["Systems", 0, false],
    ]);
    expect((await discover(bob, { keyword: "rust", target: "feeds" }))[0]).toMatchObject({ isSubscribed: true });
  });

  it("takes LIKE wildcards literally", async () => {
    expect((await discover(ann, { keyword: "100%" })).map((item) => item.feed!.title)).toEqual(["Gardening 100%"]);
    expect(await discover(ann, { keyword: "_" })).toEqual([]);
    expect(await discover(ann, { keyword: "nothing-like-this" })).toEqual([]);
  });

  it("searches lists instead when the target is lists, with owner, feeds, previews and followers", async () => {
    const { db, ids } = t.deps;
    const { feedId, entryIds } = await seedFeed(t, { count: 6, title: "Seeded" });
    const [popular, quiet] = [ids.next(), ids.next()];
    await db.insert(lists).values([
      { id: popular, ownerUserId: annId, title: "Rust picks", description: "The best" },
      { id: quiet, ownerUserId: bobId, title: "Misc", description: "rust and more" },
    ]);
    await db.insert(listFeeds).values({ listId: popular, feedId });
    await db.insert(listEntries).values(entryIds.map((entryId, i) => ({ listId: popular, entryId, feedId, insertedAt: new Date(Date.UTC(2026, 0, 10 - i)) })));
    await db.insert(subscriptions).values({ id: ids.next(), userId: bobId, type: "list", listId: popular });
    const found = await discover(bob, { keyword: "RUST", target: "lists" });
    expect(found.map((item) => [item.list!.title, item.subscriptionCount, item.isSubscribed])).toEqual([
      ["Rust picks", 1, true],
      ["Misc", 0, false],
    ]);
    expect(found[0]!.list).toMatchObject({ feedIds: [feedId], owner: { id: annId, name: "Ann" }, subscriptionCount: 1 });
    expect(found[0]!.entries!.map((entry) => entry.id)).toEqual(entryIds.slice(0, 4));
    expect(found[0]!.feed).toBeUndefined();
  });
});
