import type { ActionRule, InboxSummary, ListSummary, TimelineItem } from "@tidings/contracts";
import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { rowsOf } from "../../src/db/client.ts";
import { apiAs, type Api } from "../helpers/api.ts";
import { createTestApp, signUp, type TestApp } from "../helpers/app.ts";
import { rssFeed, startFeedServer, type FeedServer } from "../helpers/feed-server.ts";
import { sendToInbox } from "../inboxes/webhook-helpers.ts";
import { unreadCounts } from "../lists/timeline-counts.ts";

// A blocked entry is gone for the reader whose rule blocked it, wherever entries are listed or
// opened, while a reader without the rule, following the same feed and list, still has it.

let server: FeedServer;
let t: TestApp;
let ann: Api;
let bob: Api;
let annId: string;
let bobId: string;
let annCookie: string;
let bobCookie: string;
const day = (n: number) => new Date(Date.UTC(2026, 10, n, 12));
const items = [
  { guid: "r1", title: "Rust 1.99 released", body: "<p>The Rust team ships a new compiler.</p>", date: day(20) },
  { guid: "g1", title: "Go generics in depth", body: "<p>Type parameters, explained.</p>", date: day(21) },
  { guid: "s1", title: "Sponsored: buy now", body: "<p>An advertisement for a compiler.</p>", date: day(22) },
];
const ALL = ["Sponsored: buy now", "Go generics in depth", "Rust 1.99 released"];

beforeAll(async () => {
  server = await startFeedServer();
});
afterAll(async () => server.close());
beforeEach(async () => {
  server.set("/news.xml", { body: rssFeed({ title: "Dev News", items }) });
  t = await createTestApp({ FETCH_ALLOW_PRIVATE_NETWORKS: "true" });
  const a = await signUp(t, { email: "ann@example.com" });
  const b = await signUp(t, { email: "bob@example.com" });
  [ann, annId, annCookie, bob, bobId, bobCookie] = [apiAs(t, a.cookie), a.userId, a.cookie, apiAs(t, b.cookie), b.userId, b.cookie];
});
afterEach(async () => t.close());

const block = (value: string): ActionRule => ({ name: `Block ${value}`, condition: [[{ field: "entry_title", operator: "contains", value }]], result: { block: true } });
const entryId = async (guid: string) => rowsOf<{ id: string }>(await t.deps.db.execute(sql`SELECT id::text FROM entries WHERE guid = ${guid}`))[0]!.id;
const feedId = async () => rowsOf<{ id: string }>(await t.deps.db.execute(sql`SELECT id::text FROM feeds LIMIT 1`))[0]!.id;
const titles = async (api: Api, body: Record<string, unknown>) => {
  const answer = await api.post<TimelineItem[]>("/entries", { limit: 50, ...body });
  expect(answer.status).toBe(200);
  return answer.body.data!.map((item) => item.entries.title);
};
const found = async (api: Api, q: string) =>
  (await api.get<{ items: TimelineItem[]; total?: number }>(`/search?q=${encodeURIComponent(q)}`)).body.data!.items.map((item) => item.entries.title);
const streamed = async (cookie: string, ids: string[]) => {
  const text = await (await t.request("/api/entries/stream", { json: { ids }, cookie })).text();
  return text
    .split("\n")
    .filter(Boolean)
    .map((line) => (JSON.parse(line) as { id: string }).id);
};

/** What each listing and each single-entry call gives a reader, for the feed, its folder and a list. */
async function everywhere(api: Api, cookie: string, ids: { feed: string; list: string; entry: string }) {
  const single = await api.get(`/entries?id=${ids.entry}`);
  const histories = await api.get(`/entries/read-histories/${ids.entry}`);
  return {
    feed: await titles(api, { feedId: ids.feed }),
    feedUnread: await titles(api, { feedId: ids.feed, read: false }),
    folder: await titles(api, { feedIdList: [ids.feed] }),
    view: await titles(api, { view: 0 }),
    list: await titles(api, { listId: ids.list }),
    listUnread: await titles(api, { listId: ids.list, read: false }),
    search: await found(api, "compiler"),
    preview: (await api.get<{ title: string }[]>(`/entries/preview?id=${ids.feed}`)).body.data!.map((entry) => entry.title),
    feedInfo: (await api.get<{ entries: { title: string }[] }>(`/feeds?id=${ids.feed}`)).body.data!.entries.map((entry) => entry.title),
    discover: (await api.post<{ entries: { title: string }[] }[]>("/discover", { keyword: server.url("/news.xml") })).body.data![0]!.entries.map((entry) => entry.title),
    single: single.body.code,
    histories: histories.body.code,
    stream: await streamed(cookie, [ids.entry]),
  };
}

describe("A blocked entry", () => {
  it("is gone for its reader on the feed's page, folder, list, search, stars and by id; the counts agree; another reader keeps it", async () => {
    await ann.put("/actions", { rules: [block("sponsored")] });
    expect((await ann.post("/subscriptions", { url: server.url("/news.xml"), view: 0, category: "Tech" })).status).toBe(200);
    expect((await bob.post("/subscriptions", { url: server.url("/news.xml"), view: 0, category: "Tech" })).status).toBe(200);
    const feed = await feedId();
    const sponsored = await entryId("s1");
    // Bob's list holds the feed; both follow it (Ann after her rule blocked the entry).
    const list = (await bob.post<ListSummary>("/lists", { title: "Picks", view: 0, fee: 0 })).body.data!.id;
    await bob.post("/lists/feeds", { listId: list, feedId: feed });
    await bob.post("/subscriptions", { listId: list, view: 0 });
    await ann.post("/subscriptions", { listId: list, view: 0 });
    const ids = { feed, list, entry: sponsored };

    expect(await everywhere(ann, annCookie, ids)).toEqual({
      feed: ALL.slice(1),
      feedUnread: ALL.slice(1),
      folder: ALL.slice(1),
      view: ALL.slice(1),
      list: ALL.slice(1),
      listUnread: ALL.slice(1),
      search: ["Rust 1.99 released"],
      preview: ALL.slice(1),
      feedInfo: ALL.slice(1),
      discover: ALL.slice(1),
      single: 3000,
      histories: 3000,
      stream: [],
    });
    expect(await everywhere(bob, bobCookie, ids)).toEqual({
      feed: ALL,
      feedUnread: ALL,
      folder: ALL,
      view: ALL,
      list: ALL,
      listUnread: ALL,
      search: expect.arrayContaining(["Sponsored: buy now", "Rust 1.99 released"]),
      preview: ALL,
      feedInfo: ALL,
      discover: ALL,
      single: 0,
      histories: 0,
      stream: [sponsored],
    });

    // Ann cannot star it (it is not there for her); Bob can.
    expect((await ann.post("/collections", { entryId: sponsored })).body.code).toBe(3000);
    expect((await bob.post("/collections", { entryId: sponsored })).status).toBe(200);
    expect(await titles(ann, { isCollection: true })).toEqual([]);
    expect(await titles(bob, { isCollection: true })).toEqual(["Sponsored: buy now"]);
    expect((await ann.get(`/collections?entryId=${sponsored}`)).body.data).toBe(false);
    // Marking it read, then unread again, brings nothing back.
    expect((await ann.post("/reads", { entryIds: [sponsored] })).status).toBe(200);
    expect((await ann.delete("/reads", { entryIds: [sponsored] })).status).toBe(200);
    expect(await titles(ann, { feedId: feed, read: false })).toEqual(ALL.slice(1));

    // Unread counts: the feed and the list without it for Ann, with it for Bob; kept counts match a recount.
    const annCounts = await unreadCounts(t, annId);
    expect(annCounts.kept).toEqual(annCounts.truth);
    expect(annCounts.kept).toEqual({ [feed]: 2, [list]: 2 });
    const bobCounts = await unreadCounts(t, bobId);
    expect(bobCounts.kept).toEqual(bobCounts.truth);
    expect(bobCounts.kept).toEqual({ [feed]: 3, [list]: 3 });
    expect((await ann.get<Record<string, number>>("/reads")).body.data).toEqual({ [feed]: 2, [list]: 2 });
  });

  it("blocked in an inbox is not found by id either", async () => {
    await ann.put("/actions", { rules: [block("sponsored")] });
    const inbox = (await ann.post<InboxSummary>("/inboxes", { handle: "mail", title: "Mail" })).body.data!;
    const sent = await sendToInbox(t, { handle: "mail", secret: inbox.secret }, { guid: "m1", publishedAt: day(24).toISOString(), title: "Sponsored mail" });
    await sendToInbox(t, { handle: "mail", secret: inbox.secret }, { guid: "m2", publishedAt: day(24).toISOString(), title: "A letter" });
    expect((await ann.post<TimelineItem[]>("/entries", { inboxId: "mail" })).body.data!.map((item) => item.entries.title)).toEqual(["A letter"]);
    const page = (await ann.post<TimelineItem[]>("/entries/inbox", { inboxId: "mail" })).body;
    expect({ titles: page.data!.map((item) => item.entries.title), remaining: page.remaining, total: page.total }).toEqual({ titles: ["A letter"], remaining: 1, total: 1 });
    expect((await ann.get(`/entries?id=${sent.body.data!.id}`)).body.code).toBe(3000);
    const counts = await unreadCounts(t, annId);
    expect(counts.kept).toEqual(counts.truth);
    expect(Object.values(counts.kept)).toEqual([1]);
  });

  it("blocked by 'apply to existing' leaves the stars too, and stays blocked when the rule goes and the feed is followed again", async () => {
    await ann.post("/subscriptions", { url: server.url("/news.xml"), view: 0 });
    await bob.post("/subscriptions", { url: server.url("/news.xml"), view: 0 });
    const feed = await feedId();
    const go = await entryId("g1");
    expect((await ann.post("/collections", { entryId: go })).status).toBe(200);
    expect((await bob.post("/collections", { entryId: go })).status).toBe(200);
    await ann.put("/actions", { rules: [block("go generics")] });
    // Saved rules change nothing already there until applied.
    expect(await titles(ann, { feedId: feed })).toEqual(ALL);
    expect((await ann.post("/actions/apply")).body.data).toMatchObject({ blocked: 1 });

    const gone = async () => {
      expect(await titles(ann, { feedId: feed })).toEqual(["Sponsored: buy now", "Rust 1.99 released"]);
      expect(await titles(ann, { view: 0 })).toEqual(["Sponsored: buy now", "Rust 1.99 released"]);
      expect(await titles(ann, { isCollection: true })).toEqual([]);
      expect((await ann.get(`/collections?entryId=${go}`)).body.data).toBe(false);
      expect(await found(ann, "generics")).toEqual([]);
      expect((await ann.get(`/entries?id=${go}`)).body.code).toBe(3000);
      const counts = await unreadCounts(t, annId);
      expect(counts.kept).toEqual(counts.truth);
      expect(counts.kept).toEqual({ [feed]: 2 });
    };
    await gone();
    // Blocking is a fact about the entry, not a filter of today's rules: without the rule, and
    // after unfollowing and following the feed again, the entry stays blocked.
    await ann.put("/actions", { rules: [] });
    await gone();
    expect((await ann.delete("/subscriptions", { feedId: feed })).status).toBe(200);
    expect((await ann.post("/subscriptions", { url: server.url("/news.xml"), view: 0 })).status).toBe(200);
    await gone();

    // Bob keeps it, starred.
    expect(await titles(bob, { feedId: feed })).toEqual(ALL);
    expect(await titles(bob, { isCollection: true })).toEqual(["Go generics in depth"]);
    expect(await found(bob, "generics")).toEqual(["Go generics in depth"]);
  });
});
