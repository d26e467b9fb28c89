/**
 * The Miniflux API's writes, as apps written for Miniflux send them: follow a feed into a
 * category, rename it, move it, rename and remove categories, unfollow, OPML in and out; bad input
 * and another reader's things refused with Miniflux's error body, nothing written.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiAs } from "../helpers/api.ts";
import { appPassword } from "../helpers/app-passwords.ts";
import { createTestApp, signUp, type TestApp } from "../helpers/app.ts";
import { rssFeed, startFeedServer, type FeedServer } from "../helpers/feed-server.ts";

interface Feed {
  id: number;
  title: string;
  feed_url: string;
  category: { id: number; title: string };
}

let t: TestApp;
let server: FeedServer;
let token: string;
let bobToken: string;

beforeAll(async () => {
  t = await createTestApp();
  server = await startFeedServer();
  server.set("/alpha.xml", { body: rssFeed({ title: "Alpha", items: [{ guid: "1", title: "One" }, { guid: "2", title: "Two" }] }) });
  server.set("/beta.xml", { body: rssFeed({ title: "Beta", items: [{ guid: "1", title: "Uno" }] }) });
  // The first account is the administrator: it may follow a feed on this machine.
  const ann = await signUp(t, { email: "ann@example.com" });
  token = (await appPassword(apiAs(t, ann.cookie), "app")).password;
  const bob = await signUp(t, { email: "bob@example.com" });
  bobToken = (await appPassword(apiAs(t, bob.cookie), "app")).password;
}, 60_000);
afterAll(async () => {
  await t.close();
  await server.close();
});

async function call<T>(method: string, path: string, body?: unknown, as = token): Promise<{ status: number; body: T }> {
  const response = await t.request(`/v1${path}`, {
    method,
    headers: { "x-auth-token": as, ...(body !== undefined ? { "content-type": "application/json" } : {}) },
    ...(body !== undefined ? { body: typeof body === "string" ? body : JSON.stringify(body) } : {}),
  });
  const text = await response.text();
  return { status: response.status, body: (text && response.headers.get("content-type")?.includes("json") ? JSON.parse(text) : text) as T };
}

describe("Miniflux API writes", () => {
  it("follows a feed into a new category, edits and moves it, renames and removes the category, and unfollows", async () => {
    const tech = await call<{ id: number; title: string }>("POST", "/categories", { title: "Tech" });
    expect(tech.status).toBe(201);
    expect(tech.body.title).toBe("Tech");
    const created = await call<{ feed_id: number }>("POST", "/feeds", { feed_url: server.url("/alpha.xml"), category_id: tech.body.id });
    expect(created.status).toBe(201);
    const feedId = created.body.feed_id;
    expect((feedId | 0) === feedId && feedId > 0).toBe(true);
    const feed = (await call<Feed>("GET", `/feeds/${feedId}`)).body;
    expect(feed).toMatchObject({ id: feedId, title: "Alpha", feed_url: server.url("/alpha.xml"), category: { id: tech.body.id, title: "Tech" } });
    expect((await call<{ total: number }>("GET", `/feeds/${feedId}/entries`)).body.total).toBe(2);
    expect((await call<{ id: number; title: string }[]>("GET", "/categories")).body.map((category) => category.title)).toEqual(["All", "Tech"]);

    const renamed = await call<Feed>("PUT", `/feeds/${feedId}`, { title: "Alpha, renamed" });
    expect(renamed).toMatchObject({ status: 201, body: { id: feedId, title: "Alpha, renamed", category: { title: "Tech" } } });
    const science = await call<{ id: number; title: string }>("PUT", `/categories/${tech.body.id}`, { title: "Science" });
    expect(science).toMatchObject({ status: 201, body: { title: "Science" } });
    expect((await call<Feed>("GET", `/feeds/${feedId}`)).body.category).toMatchObject({ id: science.body.id, title: "Science" });
    expect((await call("DELETE", `/categories/${science.body.id}`)).status).toBe(204);
    expect((await call<Feed>("GET", `/feeds/${feedId}`)).body.category.title).toBe("All");
    const all = (await call<{ id: number; title: string }[]>("GET", "/categories")).body;
    expect(all.map((category) => category.title)).toEqual(["All"]);
    expect((await call<Feed>("PUT", `/feeds/${feedId}`, { category_id: all[0]!.id })).body.category.title).toBe("All");

    expect((await call("DELETE", `/feeds/${feedId}`)).status).toBe(204);
    expect((await call<Feed[]>("GET", "/feeds")).body).toEqual([]);
    expect((await call("GET", `/feeds/${feedId}`)).status).toBe(404);
  });

  it("imports and exports OPML", async () => {
    const opml = `<?xml version="1.0"?><opml version="2.0"><body><outline text="News"><outline text="Beta" type="rss" xmlUrl="${server.url("/beta.xml")}"/></outline></body></opml>`;
    const imported = await t.request("/v1/import", { method: "POST", headers: { "x-auth-token": token, "content-type": "text/xml" }, body: opml });
    expect([imported.status, await imported.json()]).toEqual([201, { message: "Feeds imported successfully" }]);
    const feeds = (await call<Feed[]>("GET", "/feeds")).body;
    expect(feeds.map((feed) => [feed.feed_url, feed.category.title])).toEqual([[server.url("/beta.xml"), "News"]]);
    const exported = await call<string>("GET", "/export");
    expect(exported.status).toBe(200);
    expect(exported.body).toContain(server.url("/beta.xml"));
  });

  it("refuses bad input and another reader's things with Miniflux's error body, writing nothing", async () => {
    const before = (await call<Feed[]>("GET", "/feeds")).body;
    for (const body of [{}, { feed_url: "" }, { feed_url: 5 }, { feed_url: server.url("/missing.xml") }, { feed_url: server.url("/beta.xml"), category_id: "x" }, "{oops"]) {
      const answer = await call<{ error_message: string }>("POST", "/feeds", body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.error_message).toMatch(/\w/);
    }
    expect((await call("POST", "/feeds", { feed_url: server.url("/alpha.xml"), category_id: 123456 })).status).toBe(404);
    // Bob is not the administrator: an address on this machine is not his to follow.
    const refused = await call<{ error_message: string }>("POST", "/feeds", { feed_url: server.url("/alpha.xml") }, bobToken);
    expect(refused.status).toBe(400);
    expect((await call<Feed[]>("GET", "/feeds", undefined, bobToken)).body).toEqual([]);
    // Ann's feed and category are not Bob's.
    const annFeed = before[0]!;
    expect((await call("DELETE", `/feeds/${annFeed.id}`, undefined, bobToken)).status).toBe(404);
    expect((await call("PUT", `/feeds/${annFeed.id}`, { title: "Mine" }, bobToken)).status).toBe(404);
    expect((await call("PUT", `/categories/${annFeed.category.id}`, { title: "Mine" }, bobToken)).status).toBe(404);
    for (const body of [{}, { title: "" }, { title: 7 }]) expect((await call("POST", "/categories", body)).status).toBe(400);
    expect((await call("POST", "/categories", { title: "News" })).status).toBe(400);
    expect((await call("PUT", `/feeds/${annFeed.id}`, { category_id: 99 })).status).toBe(404);
    expect((await call<Feed[]>("GET", "/feeds")).body).toEqual(before);
  });
});
