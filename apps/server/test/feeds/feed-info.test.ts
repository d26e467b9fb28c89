import type { Entry, FeedAnalytics, FeedSummary, TimelineItem } from "@tidings/contracts";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { apiAs, type Api } from "../helpers/api.ts";
import { createTestApp, signUp, type TestApp } from "../helpers/app.ts";
import { rssFeed, startFeedServer, type FeedServer } from "../helpers/feed-server.ts";

interface FeedInfo {
  feed: FeedSummary;
  analytics: FeedAnalytics;
  entries: Entry[];
  readCount: number;
  subscriptionCount: number;
  subscription?: Record<string, unknown>;
}

let t: TestApp;
let server: FeedServer;
let ann: Api;
let bob: Api;
let annId: string;

const HOUR = 3_600_000;
const started = Date.now();
const items = Array.from({ length: 12 }, (_, i) => ({ guid: `n${i}`, title: `Item ${i}`, date: new Date(started - i * HOUR) }));

let users = 0;
let paths = 0;

// One app and database for the file: every test signs up its own readers and follows its own feed.
beforeAll(async () => {
  server = await startFeedServer();
  server.set("/page.html", { headers: { "content-type": "text/html" }, body: "<html><body>no feed</body></html>" });
  t = await createTestApp({ PRIVATE_NETWORKS_FOR: "everyone" });
});
afterAll(async () => {
  await t.close();
  await server.close();
});
beforeEach(async () => {
  users += 1;
  const a = await signUp(t, { email: `ann${users}@example.com` });
  annId = a.userId;
  ann = apiAs(t, a.cookie);
  bob = apiAs(t, (await signUp(t, { email: `bob${users}@example.com` })).cookie);
});

/** A fresh news feed on the local server (12 items, an hour apart); answers its URL. */
function newsFeed(): string {
  const path = `/news-${++paths}.xml`;
  server.set(path, { body: rssFeed({ title: "News", items }) });
  return server.url(path);
}

/** Ann follows a fresh news feed (private, in view 1); answers its id and URL. */
async function annFollowsNews(): Promise<{ feedId: string; url: string }> {
  const url = newsFeed();
  const created = await ann.post<{ feedId: string }>("/subscriptions", { url, view: 1, category: "Daily", isPrivate: true, title: "My news" });
  return { feedId: created.body.data!.feedId, url };
}

describe("GET /feeds", () => {
  it("answers the feed, its analytics, its 10 newest entries without content, reads, subscribers and the caller's subscription", async () => {
    const { feedId, url } = await annFollowsNews();
    const info = await ann.get<FeedInfo>(`/feeds?id=${feedId}`);
    expect(info.status).toBe(200);
    const data = info.body.data!;
    expect(data.feed).toMatchObject({ type: "feed", id: feedId, url, title: "News", ownerUserId: null });
    expect(data.analytics).toEqual({ updatesPerWeek: expect.any(Number), subscriptionCount: 1, latestEntryPublishedAt: expect.any(String) });
    expect(data.entries.map((entry) => entry.title)).toEqual(items.slice(0, 10).map((item) => item.title));
    expect(data.entries[0]).toMatchObject({ id: expect.any(String), feedId, guid: "n0", url: "https://example.com/n0", publishedAt: new Date(Math.floor(started / 1000) * 1000).toISOString() });
    expect(data.entries.every((entry) => !("content" in entry))).toBe(true);
    expect(data.readCount).toBe(0);
    expect(data.subscriptionCount).toBe(1);
    expect(data.subscription).toEqual({ feedId, userId: annId, view: 1, category: "Daily", title: "My news", isPrivate: true, createdAt: expect.any(String) });
  });

  it("counts reads of the feed's entries by anyone, and subscribers", async () => {
    const { feedId, url } = await annFollowsNews();
    await bob.post("/subscriptions", { url, view: 0 });
    const timeline = (await ann.post<TimelineItem[]>("/entries", { feedId })).body.data!;
    const [first, second] = timeline.map((item) => item.entries.id);
    await ann.post("/reads", { entryIds: [first, second] });
    await bob.post("/reads", { entryIds: [first] });
    const info = (await bob.get<FeedInfo>(`/feeds?id=${feedId}`)).body.data!;
    expect(info).toMatchObject({ readCount: 3, subscriptionCount: 2, analytics: { subscriptionCount: 2 }, subscription: { view: 0, isPrivate: false } });
  });

  it("never shows another user's subscription: a reader who does not follow the feed gets none", async () => {
    const { feedId } = await annFollowsNews();
    const info = await bob.get<FeedInfo>(`/feeds?id=${feedId}`);
    expect(info.body.data).toMatchObject({ feed: { id: feedId }, subscriptionCount: 1 });
    expect(info.body.data).not.toHaveProperty("subscription");
    expect(JSON.stringify(info.body)).not.toContain("My news");
  });

  it("finds a feed by URL, creating and fetching it when it is new", async () => {
    server.set("/other.xml", { body: rssFeed({ title: "Other", items: [{ guid: "o1", title: "Only" }] }) });
    const fresh = await bob.get<FeedInfo>(`/feeds?url=${encodeURIComponent(server.url("/other.xml"))}`);
    expect(fresh.status).toBe(200);
    expect(fresh.body.data).toMatchObject({ feed: { title: "Other" }, entries: [{ title: "Only" }], subscriptionCount: 0, readCount: 0 });
    const { feedId, url } = await annFollowsNews();
    const known = await ann.get<FeedInfo>(`/feeds?url=${encodeURIComponent(url)}`);
    expect(known.body.data).toMatchObject({ feed: { id: feedId }, subscription: { feedId } });
  });

  it("answers 2002 without id or url, 2001 for an unknown id, 1002 for a malformed id, 2003/2004 for URLs without a feed", async () => {
    expect(await ann.get("/feeds")).toMatchObject({ status: 400, body: { code: 2002 } });
    expect(await ann.get(`/feeds?id=${t.deps.ids.next()}`)).toMatchObject({ status: 404, body: { code: 2001 } });
    expect(await ann.get("/feeds?id=abc")).toMatchObject({ status: 400, body: { code: 1002 } });
    expect(await ann.get(`/feeds?url=${encodeURIComponent(server.url("/page.html"))}`)).toMatchObject({ status: 422, body: { code: 2004 } });
    expect(await ann.get(`/feeds?url=${encodeURIComponent("http://127.0.0.1:1/feed.xml")}`)).toMatchObject({ status: 502, body: { code: 2003 } });
  });

  it("requires a session (1000)", async () => {
    const { feedId } = await annFollowsNews();
    const response = await t.request(`/api/feeds?id=${feedId}`);
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ code: 1000 });
  });
});
