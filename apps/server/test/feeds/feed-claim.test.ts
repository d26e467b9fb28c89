import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { apiAs, type Api } from "../helpers/api.ts";
import { createTestApp, signUp, type TestApp } from "../helpers/app.ts";
import { rssFeed, startFeedServer, type FeedServer } from "../helpers/feed-server.ts";

interface ClaimMessage {
  json: string;
  xml: string;
  description: string;
  content: string;
}

let t: TestApp;
let server: FeedServer;
let ann: Api;
let bob: Api;
let annId: string;
let annCookie: string;

let users = 0;

// One app and database for the file: every test signs up its own readers and uses its own feeds.
beforeAll(async () => {
  server = await startFeedServer();
  t = await createTestApp({ PRIVATE_NETWORKS_FOR: "everyone" });
});
afterAll(async () => {
  await t.close();
  await server.close();
});
beforeEach(async () => {
  users += 1;
  ({ cookie: annCookie, userId: annId } = await signUp(t, { email: `ann${users}@example.com` }));
  ann = apiAs(t, annCookie);
  bob = apiAs(t, (await signUp(t, { email: `bob${users}@example.com` })).cookie);
});

let paths = 0;
/** A feed stored for a fresh path of the local server (served only once the test sets a body). */
async function storedFeed(): Promise<{ id: string; path: string }> {
  const path = `/claim-${++paths}.xml`;
  const feed = await t.deps.feedsRepo.insertOrGet({ id: t.deps.ids.next(), url: server.url(path), title: "Mine" });
  return { id: feed.id, path };
}

/** An RSS 2.0 channel with a chosen description, optional generator and items. */
const channel = (options: { description?: string; generator?: string; items?: string }) =>
  `<?xml version="1.0" encoding="utf-8"?><rss version="2.0"><channel><title>Mine</title><link>https://example.com/</link>` +
  `<description>${options.description ?? "My feed"}</description>${options.generator ?? ""}${options.items ?? ""}</channel></rss>`;

const messageFor = async (api: Api, feedId: string) => (await api.get<ClaimMessage>(`/feeds/claim/message?feedId=${feedId}`)).body.data!;
const ownerOf = async (feedId: string) => (await t.deps.feedsRepo.findById(feedId))!.ownerUserId;

describe("GET /feeds/claim/message", () => {
  it("answers the four ways to prove ownership, all with the caller's stable code for that feed", async () => {
    const feed = await storedFeed();
    const message = await ann.get<ClaimMessage>(`/feeds/claim/message?feedId=${feed.id}`);
    expect(message.status).toBe(200);
    const data = message.body.data!;
    const code = data.xml.match(/tidings-claim-[0-9a-f]+/)![0];
    expect(data.xml).toBe(`<generator>${code}</generator>`);
    for (const text of [data.json, data.description, data.content]) expect(text).toContain(code);
    expect(await messageFor(ann, feed.id)).toEqual(data);
    expect(JSON.stringify(await messageFor(bob, feed.id))).not.toContain(code);
    expect(JSON.stringify(await messageFor(ann, (await storedFeed()).id))).not.toContain(code);
  });

  it("answers 2001 for an unknown feed, 1002 without a feed id, 1000 without a session", async () => {
    expect(await ann.get(`/feeds/claim/message?feedId=${t.deps.ids.next()}`)).toMatchObject({ status: 404, body: { code: 2001 } });
    expect(await ann.get("/feeds/claim/message")).toMatchObject({ status: 400, body: { code: 1002 } });
    expect((await t.request(`/api/feeds/claim/message?feedId=${t.deps.ids.next()}`)).status).toBe(401);
  });
});

describe("POST /feeds/claim/challenge", () => {
  it("makes the caller the owner when the code is in the feed's description", async () => {
    const feed = await storedFeed();
    server.set(feed.path, { body: channel({ description: (await messageFor(ann, feed.id)).description }) });
    expect(await ann.post("/feeds/claim/challenge", { feedId: feed.id })).toMatchObject({ status: 200, body: { code: 0 } });
    expect(await ownerOf(feed.id)).toBe(annId);
    expect((await ann.get<{ feed: { ownerUserId: string } }>(`/feeds?id=${feed.id}`)).body.data!.feed.ownerUserId).toBe(annId);
  });

  it("accepts the code in the generator tag, in RSS and in JSON Feed form", async () => {
    const rss = await storedFeed();
    server.set(rss.path, { body: channel({ generator: (await messageFor(ann, rss.id)).xml }) });
    expect(await ann.post("/feeds/claim/challenge", { feedId: rss.id })).toMatchObject({ status: 200, body: { code: 0 } });
    expect(await ownerOf(rss.id)).toBe(annId);

    const json = await storedFeed();
    const extension = (await messageFor(ann, json.id)).json;
    const body = `{"version": "https://jsonfeed.org/version/1.1", "title": "Mine", ${extension}, "items": [{"id": "1", "content_text": "Hello"}]}`;
    server.set(json.path, { headers: { "content-type": "application/feed+json" }, body });
    expect(await ann.post("/feeds/claim/challenge", { feedId: json.id })).toMatchObject({ status: 200, body: { code: 0 } });
    expect(await ownerOf(json.id)).toBe(annId);
  });

  it("accepts the code in an item's content", async () => {
    const feed = await storedFeed();
    const content = (await messageFor(ann, feed.id)).content;
    server.set(feed.path, { body: rssFeed({ items: [{ guid: "p1", title: "Hello" }, { guid: "p2", title: "Claim", body: `<p>${content}</p>` }] }) });
    expect(await ann.post("/feeds/claim/challenge", { feedId: feed.id })).toMatchObject({ status: 200, body: { code: 0 } });
    expect(await ownerOf(feed.id)).toBe(annId);
  });

  it("answers 2010 when the code is not in the feed (nor someone else's code), and leaves the feed unowned", async () => {
    const feed = await storedFeed();
    const bobs = await messageFor(bob, feed.id);
    server.set(feed.path, { body: channel({ description: bobs.description, generator: bobs.xml, items: "<item><guid>1</guid><title>Plain</title></item>" }) });
    const failed = await ann.post("/feeds/claim/challenge", { feedId: feed.id });
    expect(failed).toMatchObject({ status: 400, body: { code: 2010, reason: expect.stringContaining("not found in the feed's description") } });
    expect(await ownerOf(feed.id)).toBeNull();
  });

  it("answers 2010 when the live feed cannot be fetched or read", async () => {
    const missing = await storedFeed();
    expect(await ann.post("/feeds/claim/challenge", { feedId: missing.id })).toMatchObject({ status: 400, body: { code: 2010, reason: expect.stringContaining("404") } });
    const broken = await storedFeed();
    server.set(broken.path, { headers: { "content-type": "text/html" }, body: "<html><body>not a feed</body></html>" });
    expect(await ann.post("/feeds/claim/challenge", { feedId: broken.id })).toMatchObject({ status: 400, body: { code: 2010, reason: expect.stringContaining("could not be read") } });
    const unreachable = await t.deps.feedsRepo.insertOrGet({ id: t.deps.ids.next(), url: "http://127.0.0.1:1/feed.xml" });
    expect(await ann.post("/feeds/claim/challenge", { feedId: unreachable.id })).toMatchObject({ status: 400, body: { code: 2010 } });
    expect(await ownerOf(missing.id)).toBeNull();
  });

  it("is idempotent for the owner and answers 4000 to anyone else, even with their own code in the feed", async () => {
    const feed = await storedFeed();
    const annMessage = await messageFor(ann, feed.id);
    const bobMessage = await messageFor(bob, feed.id);
    server.set(feed.path, { body: channel({ description: annMessage.description, generator: bobMessage.xml }) });
    expect((await ann.post("/feeds/claim/challenge", { feedId: feed.id })).status).toBe(200);
    const hits = server.hits(feed.path);
    expect(await ann.post("/feeds/claim/challenge", { feedId: feed.id })).toMatchObject({ status: 200, body: { code: 0 } });
    expect(server.hits(feed.path)).toBe(hits);
    expect(await bob.post("/feeds/claim/challenge", { feedId: feed.id })).toMatchObject({ status: 409, body: { code: 4000 } });
    expect(await ownerOf(feed.id)).toBe(annId);
  });

  it("answers 2001 for an unknown feed, 1002 for a malformed body, 1000 without a session", async () => {
    expect(await ann.post("/feeds/claim/challenge", { feedId: t.deps.ids.next() })).toMatchObject({ status: 404, body: { code: 2001 } });
    expect(await ann.post("/feeds/claim/challenge", {})).toMatchObject({ status: 400, body: { code: 1002 } });
    expect(await ann.post("/feeds/claim/challenge", { feedId: "abc" })).toMatchObject({ status: 400, body: { code: 1002 } });
    expect((await t.request("/api/feeds/claim/challenge", { json: { feedId: t.deps.ids.next() } })).status).toBe(401);
  });
});

describe("GET /feeds/claim/list", () => {
  it("lists the caller's feeds only, with subscribers and a zero tip amount", async () => {
    expect((await ann.get("/feeds/claim/list")).body).toEqual({ code: 0, data: [] });
    const feed = await storedFeed();
    server.set(feed.path, { body: channel({ description: (await messageFor(ann, feed.id)).description }) });
    await ann.post("/feeds/claim/challenge", { feedId: feed.id });
    expect((await bob.post("/subscriptions", { url: server.url(feed.path), view: 0 })).status).toBe(200);
    const list = await ann.get<{ feed: { id: string; ownerUserId: string }; subscriptionCount: number; tipAmount: string }[]>("/feeds/claim/list");
    expect(list.body.data).toEqual([{ feed: expect.objectContaining({ type: "feed", id: feed.id, ownerUserId: annId }), subscriptionCount: 1, tipAmount: "0" }]);
    expect((await bob.get("/feeds/claim/list")).body).toEqual({ code: 0, data: [] });
    expect((await t.request("/api/feeds/claim/list")).status).toBe(401);
  });
});
