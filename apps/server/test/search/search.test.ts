import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { rowsOf } from "../../src/db/client.ts";
import { createSearchIndexer } from "../../src/features/search/search-indexer.ts";
import { createLogger } from "../../src/lib/logger.ts";
import type { FeedSubscription } from "@tidings/contracts";
import { apiAs, type Api } from "../helpers/api.ts";
import { createTestApp, signUp, type TestApp } from "../helpers/app.ts";
import { rssFeed, startFeedServer, type FeedServer } from "../helpers/feed-server.ts";

interface Item {
  entries: { id: string; title: string | null; feedId: string | null; content?: string };
  feeds: { id: string; title: string | null };
  read: boolean | null;
  collections?: { createdAt: string };
  highlight: { title: string | null; snippet: string };
}
interface Result {
  items: Item[];
  total?: number;
}

let t: TestApp;
let server: FeedServer;
let ann: Api;
let bob: Api;

const day = (n: number) => new Date(Date.UTC(2026, 0, n, 12));

const techItems = [
  { guid: "t1", title: "Rust compiler internals", body: "<p>How the borrow checker works in the compiler.</p>", date: day(1) },
  { guid: "t2", title: "Async Rust in practice", body: "<p>Futures, executors and the async story.</p>", date: day(2) },
  { guid: "t3", title: "Open source funding", body: "<p>Who pays for open source maintenance?</p>", date: day(3) },
  { guid: "t4", title: "Source code is open", body: "<p>Reading code from the source, openly.</p>", date: day(4) },
  { guid: "t5", title: "Python packaging", body: "<p>Wheels, sdists and the &lt;b&gt; tag of pip.</p>", date: day(5) },
  { guid: "t6", title: "Golang generics", body: "<p>Type parameters arrived; rust users smile.</p>", date: day(6) },
];
const cjkItems = [
  { guid: "c1", title: "今天东京的天气很好", body: "<p>我们去公园散步了。</p>", date: day(7) },
  { guid: "c2", title: "東京タワーに行きました", body: "<p>夜景がとてもきれいでした。</p>", date: day(8) },
  { guid: "c3", title: "한국어 뉴스", body: "<p>오늘의 날씨는 맑음</p>", date: day(9) },
];

beforeAll(async () => {
  server = await startFeedServer();
  server.set("/tech.xml", { body: rssFeed({ title: "Tech", items: techItems }) });
  server.set("/cjk.xml", { body: rssFeed({ title: "CJK", items: cjkItems }) });
  server.set("/bob.xml", { body: rssFeed({ title: "Bob's", items: [{ guid: "b1", title: "Rust for Bob only", body: "<p>secret rust notes</p>", date: day(2) }] }) });
});
afterAll(async () => server.close());
async function setUp() {
  t = await createTestApp({ PRIVATE_NETWORKS_FOR: "everyone" });
  ann = apiAs(t, (await signUp(t, { email: "ann@example.com" })).cookie);
  bob = apiAs(t, (await signUp(t, { email: "bob@example.com" })).cookie);
  expect((await ann.post("/subscriptions", { url: server.url("/tech.xml"), view: 0 })).status).toBe(200);
  expect((await ann.post("/subscriptions", { url: server.url("/cjk.xml"), view: 1 })).status).toBe(200);
  expect((await bob.post("/subscriptions", { url: server.url("/bob.xml"), view: 0 })).status).toBe(200);
}

const search = async (api: Api, query: Record<string, string>) => {
  const response = await api.get<Result>(`/search?${new URLSearchParams(query)}`);
  expect(response.status).toBe(200);
  return response.body.data!;
};
const titles = async (api: Api, q: string, extra: Record<string, string> = {}) => (await search(api, { q, ...extra })).items.map((item) => item.entries.title);

describe("GET /search (read only: one instance for all)", () => {
  beforeAll(setUp);
  afterAll(async () => t.close());

  it("finds entries having every word, the last one as a prefix while typed", async () => {
    expect(await titles(ann, "rust compiler")).toEqual(["Rust compiler internals"]);
    expect(await titles(ann, "compil")).toEqual(["Rust compiler internals"]);
    // A space after the word ends it: no prefix match.
    expect(await titles(ann, "compil ")).toEqual([]);
    expect(await titles(ann, "CHECKER")).toEqual(["Rust compiler internals"]);
  });

  it("ranks title matches above body matches, newer first on ties", async () => {
    expect(await titles(ann, "rust")).toEqual(["Async Rust in practice", "Rust compiler internals", "Golang generics"]);
  });

  it("matches quoted phrases in order", async () => {
    expect(await titles(ann, '"open source"')).toEqual(["Open source funding"]);
    // Without quotes the words may stand anywhere; adjacent ones rank higher.
    expect(await titles(ann, "open source")).toEqual(["Open source funding", "Source code is open"]);
  });

  it("excludes words and phrases with a minus", async () => {
    expect(await titles(ann, "rust -async")).toEqual(["Rust compiler internals", "Golang generics"]);
    expect(await titles(ann, 'rust -"borrow checker"')).toEqual(["Async Rust in practice", "Golang generics"]);
  });

  it("accepts OR between alternatives", async () => {
    expect(await titles(ann, "python OR golang")).toEqual(["Golang generics", "Python packaging"]);
    expect(await titles(ann, "rust python OR golang")).toEqual(["Golang generics"]);
  });

  it("finds Chinese, Japanese and Korean text by a two-character substring", async () => {
    expect(await titles(ann, "天气")).toEqual(["今天东京的天气很好"]);
    expect(await titles(ann, "公园")).toEqual(["今天东京的天气很好"]);
    expect(await titles(ann, "タワー")).toEqual(["東京タワーに行きました"]);
    expect(await titles(ann, "夜景")).toEqual(["東京タワーに行きました"]);
    expect(await titles(ann, "날씨")).toEqual(["한국어 뉴스"]);
    // 东京 (simplified) and 東京 (traditional) are different characters.
    expect(await titles(ann, "東京")).toEqual(["東京タワーに行きました"]);
    expect(await titles(ann, "天很")).toEqual([]);
  });

  it("marks matches in the title and a snippet, escaping everything else", async () => {
    const [python] = (await search(ann, { q: "pip" })).items;
    expect(python!.highlight).toEqual({ title: "Python packaging", snippet: "Wheels, sdists and the &lt;b&gt; tag of <mark>pip</mark>." });
    const [tower] = (await search(ann, { q: "タワー" })).items;
    expect(tower!.highlight.title).toBe("東京<mark>タワー</mark>に行きました");
    const [rust] = (await search(ann, { q: "compil" })).items;
    expect(rust!.highlight.title).toBe("Rust <mark>compil</mark>er internals");
    expect(rust!.highlight.snippet).toBe("How the borrow checker works in the <mark>compil</mark>er.");
  });

  it("answers timeline items with read state, feed and total", async () => {
    const result = await search(ann, { q: "rust" });
    expect(result.total).toBe(3);
    expect(result.items[0]).toMatchObject({ read: false, feeds: { type: "feed", title: "Tech" }, entries: { title: "Async Rust in practice" } });
    expect(result.items[0]!.entries.content).toBeUndefined();
    const paged = await search(ann, { q: "rust", limit: "1", offset: "1" });
    expect(paged.items.map((item) => item.entries.title)).toEqual(["Rust compiler internals"]);
  });

  it("answers 1002 for an empty query, only exclusions or bad filters, 1000 when signed out", async () => {
    for (const query of ["q=", "q=%20%20", "", "q=-rust", "q=rust&view=9", "q=rust&feedId=abc", "q=rust&limit=0", "q=rust&read=maybe"]) {
      expect(await ann.get(`/search?${query}`), query).toMatchObject({ status: 400, body: { code: 1002 } });
    }
    expect((await t.request("/api/search?q=rust")).status).toBe(401);
  });
});

describe("GET /search (changing state: an instance each)", () => {
  beforeEach(setUp);
  afterEach(async () => t.close());

  it("filters by view, feed, unread and starred", async () => {
    const subs = (await ann.get<FeedSubscription[]>("/subscriptions")).body.data!;
    const tech = subs.find((s) => s.feeds.title === "Tech")!.feedId;
    const cjk = subs.find((s) => s.feeds.title === "CJK")!.feedId;
    expect(await titles(ann, "東京", { view: "0" })).toEqual([]);
    expect(await titles(ann, "東京", { view: "1" })).toEqual(["東京タワーに行きました"]);
    expect(await titles(ann, "rust", { feedId: cjk })).toEqual([]);
    expect(await titles(ann, "rust", { feedId: tech })).toHaveLength(3);
    const [first] = (await search(ann, { q: "async" })).items;
    expect((await ann.post("/reads", { entryIds: [first!.entries.id] })).status).toBe(200);
    expect(await titles(ann, "rust", { read: "false" })).toEqual(["Rust compiler internals", "Golang generics"]);
    expect(await titles(ann, "rust", { read: "true" })).toEqual(["Async Rust in practice"]);
    expect((await ann.post("/collections", { entryId: first!.entries.id })).status).toBe(200);
    const starred = await search(ann, { q: "rust", starred: "true" });
    expect(starred.items.map((item) => item.entries.title)).toEqual(["Async Rust in practice"]);
    expect(starred.items[0]!.collections?.createdAt).toEqual(expect.any(String));
  });

  it("keeps starred entries findable after unfollowing their feed", async () => {
    const [first] = (await search(ann, { q: "golang" })).items;
    await ann.post("/collections", { entryId: first!.entries.id });
    await ann.delete("/subscriptions", { feedId: first!.feeds.id });
    const result = await search(ann, { q: "rust" });
    expect(result.items.map((item) => [item.entries.title, item.read])).toEqual([["Golang generics", null]]);
  });

  it("never returns another user's entries", async () => {
    expect(await titles(bob, "rust")).toEqual(["Rust for Bob only"]);
    expect(await titles(ann, "secret")).toEqual([]);
    expect(await titles(bob, "天气")).toEqual([]);
    // Another user's feed id as a filter finds nothing either.
    const bobFeed = (await bob.get<FeedSubscription[]>("/subscriptions")).body.data![0]!.feedId;
    expect(await titles(ann, "rust", { feedId: bobFeed })).toEqual([]);
    // …nor do their stars.
    const [bobs] = (await search(bob, { q: "rust" })).items;
    await bob.post("/collections", { entryId: bobs!.entries.id });
    expect(await titles(ann, "bob", { starred: "true" })).toEqual([]);
  });

  it("re-indexes entries whose text changed at a refresh", async () => {
    server.set("/tech.xml", { body: rssFeed({ title: "Tech", items: [{ ...techItems[0]!, title: "Zig compiler internals" }, ...techItems.slice(1)] }) });
    try {
      const feedId = (await ann.get<FeedSubscription[]>("/subscriptions")).body.data!.find((s) => s.feeds.title === "Tech")!.feedId;
      expect((await ann.get(`/feeds/refresh?id=${feedId}`)).status).toBe(200);
      expect(await titles(ann, "zig")).toEqual(["Zig compiler internals"]);
      expect(await titles(ann, "rust compiler")).toEqual([]);
    } finally {
      server.set("/tech.xml", { body: rssFeed({ title: "Tech", items: techItems }) });
    }
  });

  it("indexes what a refresh stored just after it: first for a search, else in the background job the refresh wakes", async () => {
    const count = async (table: "entry_search" | "entry_search_backlog") =>
      rowsOf<{ n: number }>(await t.deps.db.execute(sql`SELECT count(*)::int AS n FROM ${sql.raw(table)}`))[0]!.n;
    // The subscriptions' first refreshes stored 10 entries, each waiting for its document.
    expect(await count("entry_search_backlog")).toBe(10);
    expect(await count("entry_search")).toBe(0);
    // One deleted while it waits is passed over; a search indexes the newest waiting ones, then looks.
    await t.deps.db.execute(sql`DELETE FROM entries WHERE guid = 'b1'`);
    expect(await titles(ann, "borrow")).toEqual(["Rust compiler internals"]);
    expect(await count("entry_search_backlog")).toBe(0);
    expect(await count("entry_search")).toBe(9);
    const zig = { guid: "t7", title: "Zig comptime", body: "<p>Evaluated while compiling.</p>", date: day(10) };
    server.set("/tech.xml", { body: rssFeed({ title: "Tech", items: [...techItems, zig] }) });
    t.deps.searchIndexer.start();
    try {
      // Started with nothing to do, the job sleeps for its poll (5 s); the refresh wakes it sooner.
      await new Promise((resolve) => setTimeout(resolve, 200));
      const feedId = (await ann.get<FeedSubscription[]>("/subscriptions")).body.data!.find((s) => s.feeds.title === "Tech")!.feedId;
      expect((await ann.get(`/feeds/refresh?id=${feedId}`)).status).toBe(200);
      await expect.poll(() => count("entry_search"), { timeout: 3000, interval: 50 }).toBe(10);
      expect(await count("entry_search_backlog")).toBe(0);
    } finally {
      await t.deps.searchIndexer.stop();
      server.set("/tech.xml", { body: rssFeed({ title: "Tech", items: techItems }) });
    }
    expect(await titles(ann, "comptime")).toEqual(["Zig comptime"]);
  });

  it("rewrites documents of an older version in the background, and finds entries by them meanwhile", async () => {
    // Documents as PostgreSQL's parser made them before version 2: "example.com" one word, body positions weighted B.
    await t.deps.searchIndexer.drain();
    await t.deps.db.execute(sql`
      UPDATE entry_search es SET version = 1,
        document = setweight(to_tsvector('simple', lower(coalesce(e.title, ''))), 'A') || setweight(to_tsvector('simple', 'see example.com ' || lower(coalesce(e.description, ''))), 'B')
      FROM entries e WHERE e.id = es.entry_id`);
    expect(await titles(ann, "borrow")).toEqual(["Rust compiler internals"]);
    const reindexer = createSearchIndexer({ db: t.deps.db, logger: createLogger({ level: "silent" }) });
    expect(await reindexer.reindexBatch()).toBeGreaterThan(0);
    while ((await reindexer.reindexBatch()) > 0);
    const versions = rowsOf<{ version: number; n: number }>(await t.deps.db.execute(sql`SELECT version, count(*)::int AS n FROM entry_search GROUP BY version`));
    expect(versions.map((row) => row.version)).toEqual([2]);
    // What the entries say now: the words made up above are gone.
    expect(await titles(ann, "example")).toEqual([]);
    expect(await titles(ann, "borrow checker")).toEqual(["Rust compiler internals"]);
    expect(await titles(ann, '"borrow checker"')).toEqual(["Rust compiler internals"]);
  });

  it("rewrites them with the background job of two processes at once, and both stop cleanly", async () => {
    await t.deps.searchIndexer.drain();
    await t.deps.db.execute(sql`UPDATE entry_search SET version = 1`);
    const reindexers = [t.deps.searchIndexer, createSearchIndexer({ db: t.deps.db, logger: createLogger({ level: "silent" }) })];
    for (const reindexer of reindexers) reindexer.start();
    const versions = async () => rowsOf<{ version: number }>(await t.deps.db.execute(sql`SELECT DISTINCT version FROM entry_search`)).map((row) => row.version);
    await expect.poll(versions, { timeout: 10_000 }).toEqual([2]);
    await Promise.all(reindexers.map((reindexer) => reindexer.stop()));
    expect(await titles(ann, "borrow checker")).toEqual(["Rust compiler internals"]);
  });
});
