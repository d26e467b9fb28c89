import type { TimelineItem } from "@tidings/contracts";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { apiAs, type Api } from "../helpers/api.ts";
import { createTestApp, signUp, type TestApp } from "../helpers/app.ts";
import { seedFeed } from "../helpers/seed.ts";

let t: TestApp;
let ann: Api;
let annId: string;
let bob: Api;

beforeEach(async () => {
  t = await createTestApp();
  const a = await signUp(t, { email: "ann@example.com" });
  ann = apiAs(t, a.cookie);
  annId = a.userId;
  bob = apiAs(t, (await signUp(t, { email: "bob@example.com" })).cookie);
});
afterEach(async () => t.close());

const titles = (items: TimelineItem[] | undefined) => (items ?? []).map((item) => item.entries.title);

describe("POST /entries", () => {
  it("pages a view's timeline newest first with the publishedAfter cursor, without content", async () => {
    await seedFeed(t, { userId: annId, count: 45 });
    const first = await ann.post<TimelineItem[]>("/entries", { view: 0, limit: 20 });
    expect(first.status).toBe(200);
    expect(titles(first.body.data)).toEqual(Array.from({ length: 20 }, (_, i) => `Entry ${i}`));
    const item = first.body.data![0]!;
    expect(item).toMatchObject({ read: false, feeds: { type: "feed" }, entries: { guid: "g0", feedId: expect.any(String) } });
    expect(item.entries).not.toHaveProperty("content");
    const last = first.body.data!.at(-1)!.entries;
    const second = await ann.post<TimelineItem[]>("/entries", { view: 0, limit: 20, publishedAfter: last.publishedAt });
    expect(titles(second.body.data)).toEqual(Array.from({ length: 20 }, (_, i) => `Entry ${i + 20}`));
    const exact = await ann.post<TimelineItem[]>("/entries", { view: 0, limit: 100, publishedAfter: Date.parse(last.publishedAt), publishedAfterId: last.id });
    expect(exact.body.data).toHaveLength(25);
    const withContent = await ann.post<TimelineItem[]>("/entries", { view: 0, limit: 1, withContent: true });
    expect(withContent.body.data![0]!.entries.content).toBe("<p>Content 0</p>");
  });

  it("keeps views apart, and filters by feed, folder of feeds and unread", async () => {
    const news = await seedFeed(t, { userId: annId, count: 3, view: 0, title: "News" });
    const pics = await seedFeed(t, { userId: annId, count: 2, view: 2, title: "Pics" });
    expect((await ann.post<TimelineItem[]>("/entries", { view: 0 })).body.data).toHaveLength(3);
    expect((await ann.post<TimelineItem[]>("/entries", { view: 2 })).body.data).toHaveLength(2);
    expect((await ann.post<TimelineItem[]>("/entries", { feedId: pics.feedId })).body.data).toHaveLength(2);
    expect((await ann.post<TimelineItem[]>("/entries", { feedIdList: [news.feedId, pics.feedId] })).body.data).toHaveLength(5);
    await ann.post("/reads", { entryIds: [news.entryIds[0]] });
    const unread = await ann.post<TimelineItem[]>("/entries", { view: 0, read: false });
    expect(titles(unread.body.data)).toEqual(["Entry 1", "Entry 2"]);
  });

  it("shows a feed the caller does not follow straight from the store, read state null", async () => {
    const other = await seedFeed(t, { count: 2 });
    const page = await ann.post<TimelineItem[]>("/entries", { feedId: other.feedId });
    expect(page.body.data!.map((item) => item.read)).toEqual([null, null]);
    expect(await ann.post("/entries", { feedId: "1234567890123456789" })).toMatchObject({ status: 404, body: { code: 2001 } });
  });

  it("hides private subscriptions when asked", async () => {
    await seedFeed(t, { userId: annId, count: 2 });
    await seedFeed(t, { userId: annId, count: 3, isPrivate: true });
    expect((await ann.post<TimelineItem[]>("/entries", { view: 0 })).body.data).toHaveLength(5);
    expect((await ann.post<TimelineItem[]>("/entries", { view: 0, excludePrivate: true })).body.data).toHaveLength(2);
  });

  it("answers invalid filters with 1002", async () => {
    expect(await ann.post("/entries", { view: 7 })).toMatchObject({ status: 400, body: { code: 1002 } });
    expect(await ann.post("/entries", { limit: 1000 })).toMatchObject({ status: 400, body: { code: 1002 } });
    expect(await ann.post("/entries", { feedId: "abc" })).toMatchObject({ status: 400, body: { code: 1002 } });
    expect(await ann.post("/entries", { publishedAfter: "yesterday-ish" })).toMatchObject({ status: 400, body: { code: 1002 } });
    expect((await t.request("/api/entries", { json: {} })).status).toBe(401);
  });

  it("never shows one reader's timeline to another", async () => {
    await seedFeed(t, { userId: annId, count: 3 });
    expect((await bob.post<TimelineItem[]>("/entries", { view: 0 })).body.data).toEqual([]);
    expect((await bob.get("/reads")).body.data).toEqual({});
  });
});

describe("single entries", () => {
  it("GET /entries gives one entry with content; stream gives contents as NDJSON", async () => {
    const { entryIds } = await seedFeed(t, { userId: annId, count: 3 });
    const one = await ann.get<TimelineItem>(`/entries?id=${entryIds[1]}`);
    expect(one.body.data).toMatchObject({ entries: { id: entryIds[1], content: "<p>Content 1</p>" }, read: false, feeds: { type: "feed" } });
    expect(await ann.get(`/entries?id=${t.deps.ids.next()}`)).toMatchObject({ status: 404, body: { code: 3000 } });
    const response = await t.request("/api/entries/stream", { json: { ids: entryIds.slice(0, 2) }, cookie: (await signUp(t, { email: "c@example.com" })).cookie });
    expect(response.headers.get("content-type")).toContain("application/x-ndjson");
    const lines = (await response.text()).trim().split("\n").map((line) => JSON.parse(line) as { id: string; content: string });
    expect(lines.map((line) => line.id).sort()).toEqual(entryIds.slice(0, 2).sort());
    expect(lines.every((line) => line.content.startsWith("<p>Content"))).toBe(true);
  });

  it("previews a feed, tells of new entries, and lists who read an entry publicly", async () => {
    const { feedId, entryIds } = await seedFeed(t, { userId: annId, count: 3 });
    const preview = await bob.get<unknown[]>(`/entries/preview?id=${feedId}`);
    expect(preview.body.data).toHaveLength(3);
    const before = Date.now() - 60_000;
    expect((await ann.get(`/entries/check-new?insertedAfter=${before}&view=0`)).body.data).toMatchObject({ has_new: true, entry_id: expect.any(String) });
    expect((await ann.get(`/entries/check-new?insertedAfter=${Date.now() + 1000}&view=0`)).body.data).toEqual({ has_new: false });
    await ann.post("/reads", { entryIds: [entryIds[0]] });
    const histories = await bob.get<{ users: Record<string, { name: string }>; total: number }>(`/entries/read-histories/${entryIds[0]}`);
    expect(histories.body.data!.total).toBe(1);
    expect(Object.keys(histories.body.data!.users)).toEqual([annId]);
    expect(JSON.stringify(histories.body.data)).not.toContain("@example.com");
  });
});

describe("collections (stars)", () => {
  it("stars, lists the starred timeline by star time, and unstars", async () => {
    const { entryIds } = await seedFeed(t, { userId: annId, count: 3 });
    expect(await ann.post("/collections", { entryId: entryIds[2], view: 0 })).toMatchObject({ status: 200 });
    await new Promise((resolve) => setTimeout(resolve, 5));
    await ann.post("/collections", { entryId: entryIds[0], view: 0 });
    expect((await ann.get(`/collections?entryId=${entryIds[2]}`)).body.data).toBe(true);
    const starred = await ann.post<TimelineItem[]>("/entries", { isCollection: true });
    expect(starred.body.data!.map((item) => item.entries.id)).toEqual([entryIds[0], entryIds[2]]);
    expect(starred.body.data![0]!.collections).toEqual({ createdAt: expect.any(String) });
    expect((await bob.post<TimelineItem[]>("/entries", { isCollection: true })).body.data).toEqual([]);
    await ann.delete("/collections", { entryId: entryIds[0] });
    expect((await ann.get(`/collections?entryId=${entryIds[0]}`)).body.data).toBe(false);
    expect(await ann.post("/collections", { entryId: t.deps.ids.next(), view: 0 })).toMatchObject({ status: 404, body: { code: 3000 } });
    expect(await ann.post("/collections", { entryId: "x" })).toMatchObject({ status: 400, body: { code: 1002 } });
  });
});
