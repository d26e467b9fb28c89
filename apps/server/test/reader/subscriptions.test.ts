import type { FeedSubscription, Subscription, TimelineItem } from "@tidings/contracts";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { apiAs, type Api } from "../helpers/api.ts";
import { createTestApp, signUp, type TestApp } from "../helpers/app.ts";
import { rssFeed, startFeedServer, type FeedServer } from "../helpers/feed-server.ts";

let t: TestApp;
let server: FeedServer;
let ann: Api;
let bob: Api;

beforeAll(async () => {
  server = await startFeedServer();
  server.set("/news.xml", { body: rssFeed({ title: "News", items: [{ guid: "n1", title: "One" }, { guid: "n2", title: "Two" }] }) });
  server.set("/blog.xml", { body: rssFeed({ title: "Blog", items: [{ guid: "b1", title: "Post" }] }) });
  server.set("/site/", { headers: { "content-type": "text/html" }, body: '<html><head><link rel="alternate" type="application/rss+xml" href="/blog.xml"></head></html>' });
  server.set("/broken.xml", { body: "<html>no feed here</html>", headers: { "content-type": "text/html" } });
});
afterAll(async () => server.close());
beforeEach(async () => {
  t = await createTestApp({ PRIVATE_NETWORKS_FOR: "everyone", TRIAL_MAX_FEED_SUBSCRIPTIONS: "1", INVITATIONS_REQUIRED: "true" });
  ann = apiAs(t, (await signUp(t, { email: "ann@example.com" })).cookie);
  bob = apiAs(t, (await signUp(t, { email: "bob@example.com" })).cookie);
});
afterEach(async () => t.close());

describe("subscriptions", () => {
  it("follows a feed by URL: creates and fetches it, answers {feed, list}, fills the timeline", async () => {
    const created = await ann.post("/subscriptions", { url: server.url("/news.xml"), view: 0, category: "Daily", title: "My news" });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ code: 0, feed: { type: "feed", url: server.url("/news.xml"), title: "News" }, list: null });
    const list = await ann.get<Subscription[]>("/subscriptions");
    expect(list.body.data).toEqual([
      expect.objectContaining({ feedId: expect.any(String), view: 0, category: "Daily", title: "My news", isPrivate: false, feeds: expect.objectContaining({ title: "News" }) }),
    ]);
    const timeline = await ann.post<TimelineItem[]>("/entries", { view: 0 });
    expect(timeline.body.data!.map((item) => item.entries.title)).toEqual(["One", "Two"]);
    expect(timeline.body.data!.every((item) => item.read === false && item.feeds.type === "feed")).toBe(true);
    expect((await ann.get<Record<string, number>>("/reads")).body.data).toEqual({ [(list.body.data![0] as FeedSubscription).feedId]: 2 });
  });

  it("follows a site URL through discovery", async () => {
    const created = await ann.post("/subscriptions", { url: server.url("/site/"), view: 0 });
    expect(created.body).toMatchObject({ feed: { url: server.url("/blog.xml"), title: "Blog" } });
  });

  it("answers 2004 for a page without a feed, 2003 for an unreachable one, 1002 for a bad URL, 2002 without a target", async () => {
    expect(await ann.post("/subscriptions", { url: server.url("/broken.xml"), view: 0 })).toMatchObject({ status: 422, body: { code: 2004 } });
    expect(await ann.post("/subscriptions", { url: "http://127.0.0.1:1/feed.xml", view: 0 })).toMatchObject({ status: 502, body: { code: 2003 } });
    expect(await ann.post("/subscriptions", { url: "javascript:alert(1)", view: 0 })).toMatchObject({ status: 400, body: { code: 1002 } });
    expect(await ann.post("/subscriptions", { view: 0 })).toMatchObject({ status: 400, body: { code: 2002 } });
    expect(await ann.post("/subscriptions", { url: server.url("/news.xml"), view: 9 })).toMatchObject({ status: 400, body: { code: 1002 } });
    expect((await ann.get<Subscription[]>("/subscriptions")).body.data).toEqual([]);
  });

  it("limits trial accounts (1100), not activated ones", async () => {
    expect((await bob.post("/subscriptions", { url: server.url("/news.xml"), view: 0 })).status).toBe(200);
    expect(await bob.post("/subscriptions", { url: server.url("/blog.xml"), view: 0 })).toMatchObject({ status: 403, body: { code: 1100 } });
    // Ann is the first account: an activated user.
    expect((await ann.post("/subscriptions", { url: server.url("/news.xml"), view: 0 })).status).toBe(200);
    expect((await ann.post("/subscriptions", { url: server.url("/blog.xml"), view: 0 })).status).toBe(200);
  });

  it("edits, moves between views in batch, and unfollows (timeline and counts follow)", async () => {
    await ann.post("/subscriptions", { url: server.url("/news.xml"), view: 0 });
    await ann.post("/subscriptions", { url: server.url("/blog.xml"), view: 0 });
    const subs = (await ann.get<FeedSubscription[]>("/subscriptions")).body.data!;
    const [news, blog] = subs.map((s) => s.feedId);
    expect(await ann.patch("/subscriptions", { feedId: news, isPrivate: true, title: "Renamed" })).toMatchObject({ status: 200 });
    expect(await ann.patch("/subscriptions", { feedId: "1234567890123456", title: "x" })).toMatchObject({ status: 404, body: { code: 1002 } });
    expect(await ann.patch("/subscriptions", { title: "x" })).toMatchObject({ status: 400, body: { code: 1002 } });
    expect(await ann.patch("/subscriptions/batch", { feedIds: [news, blog], view: 2, category: "Moved" })).toMatchObject({ status: 200, body: { data: { updated: 2 } } });
    expect((await ann.post<TimelineItem[]>("/entries", { view: 0 })).body.data).toEqual([]);
    expect((await ann.post<TimelineItem[]>("/entries", { view: 2 })).body.data).toHaveLength(3);
    expect((await ann.get("/reads?view=2")).body.data).toEqual({ [news!]: 2, [blog!]: 1 });
    expect((await ann.get("/reads?view=0")).body.data).toEqual({});
    expect(await ann.delete("/subscriptions", { feedId: news })).toMatchObject({ status: 200, body: { data: { removed: 1 } } });
    expect((await ann.get("/reads")).body.data).toEqual({ [blog!]: 1 });
    expect((await ann.post<TimelineItem[]>("/entries", { view: 2 })).body.data).toHaveLength(1);
    expect(await ann.delete("/subscriptions", {})).toMatchObject({ status: 400, body: { code: 1002 } });
  });

  it("shows another user's public subscriptions only", async () => {
    await ann.post("/subscriptions", { url: server.url("/news.xml"), view: 0 });
    await ann.post("/subscriptions", { url: server.url("/blog.xml"), view: 0, isPrivate: true });
    const annId = ((await ann.get<FeedSubscription[]>("/subscriptions")).body.data![0]!).userId;
    const seen = await bob.get<FeedSubscription[]>(`/subscriptions?userId=${annId}`);
    expect(seen.body.data!.map((s) => s.feeds.title)).toEqual(["News"]);
  });

  it("renames and deletes categories", async () => {
    await ann.post("/subscriptions", { url: server.url("/news.xml"), view: 0, category: "Old" });
    await ann.post("/subscriptions", { url: server.url("/blog.xml"), view: 1, category: "Other" });
    const subs = (await ann.get<FeedSubscription[]>("/subscriptions")).body.data!;
    expect((await ann.get("/categories")).body.data).toEqual(["Old", "Other"]);
    expect((await ann.get("/categories?view=1")).body.data).toEqual(["Other"]);
    await ann.patch("/categories", { feedIdList: [subs[0]!.feedId], category: "New" });
    expect((await ann.get("/categories?view=0")).body.data).toEqual(["New"]);
    await ann.delete("/categories", { feedIdList: [subs[0]!.feedId] });
    expect((await ann.get("/categories")).body.data).toEqual(["Other"]);
    expect((await ann.get<FeedSubscription[]>("/subscriptions")).body.data).toHaveLength(2);
    await ann.delete("/categories", { feedIdList: [subs[1]!.feedId], deleteSubscriptions: true });
    expect((await ann.get<FeedSubscription[]>("/subscriptions")).body.data).toHaveLength(1);
  });
});
