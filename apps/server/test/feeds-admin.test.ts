import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestApp, signUp, type TestApp } from "./helpers/app.ts";
import { rssFeed, startFeedServer, type FeedServer } from "./helpers/feed-server.ts";
import { subscribeToFeed } from "./helpers/users.ts";

let t: TestApp;
let server: FeedServer;
let admin: { cookie: string; userId: string };
let reader: { cookie: string; userId: string };

beforeAll(async () => {
  server = await startFeedServer();
  server.set("/a.xml", { body: rssFeed({ title: "A", items: [{ guid: "a1", title: "One" }] }) });
});
afterAll(async () => server.close());
beforeEach(async () => {
  t = await createTestApp({ PRIVATE_NETWORKS_FOR: "everyone" });
  admin = await signUp(t, { email: "admin@example.com" });
  reader = await signUp(t, { email: "reader@example.com" });
});
afterEach(async () => t.close());

const json = async (response: Response) => ({ status: response.status, body: (await response.json()) as { code: number; data?: unknown } });

describe("forced refresh and the refresh queue", () => {
  it("lets an admin refresh a feed now; anyone else gets 2000", async () => {
    const feedId = await subscribeToFeed(t.deps.db, t.deps.ids, reader.userId, server.url("/a.xml"));
    expect(await json(await t.request(`/api/feeds/refresh?id=${feedId}`, { cookie: reader.cookie }))).toMatchObject({ status: 403, body: { code: 2000 } });
    const done = await json(await t.request(`/api/feeds/refresh?id=${feedId}`, { cookie: admin.cookie }));
    expect(done).toMatchObject({ status: 200, body: { code: 0, data: { result: { status: "updated", inserted: 1 }, feed: { id: feedId, title: "A", errorMessage: null } } } });
  });

  it("answers a bad id 1002 and an unknown feed 2001", async () => {
    expect(await json(await t.request("/api/feeds/refresh?id=abc", { cookie: admin.cookie }))).toMatchObject({ status: 400, body: { code: 1002 } });
    expect(await json(await t.request(`/api/feeds/refresh?id=${t.deps.ids.next()}`, { cookie: admin.cookie }))).toMatchObject({ status: 404, body: { code: 2001 } });
  });

  it("marks feeds due for the scheduler and reports how many wait", async () => {
    const feedId = await subscribeToFeed(t.deps.db, t.deps.ids, reader.userId, server.url("/a.xml"));
    await t.deps.scheduler.drain();
    expect(await json(await t.request("/api/admin/refresh", { cookie: admin.cookie }))).toMatchObject({ status: 200, body: { data: { due: 0 } } });
    expect(await json(await t.request("/api/admin/refresh", { json: { feedIds: [feedId] }, cookie: admin.cookie }))).toMatchObject({ status: 200, body: { data: { marked: 1 } } });
    expect(await json(await t.request("/api/admin/refresh", { cookie: admin.cookie }))).toMatchObject({ body: { data: { due: 1 } } });
    expect(await json(await t.request("/api/admin/refresh", { method: "POST", cookie: admin.cookie }))).toMatchObject({ status: 200, body: { data: { marked: 1 } } });
    await t.deps.scheduler.drain();
    expect(await json(await t.request("/api/admin/refresh", { cookie: admin.cookie }))).toMatchObject({ body: { data: { due: 0 } } });
  });

  it("keeps the queue to admins", async () => {
    expect(await json(await t.request("/api/admin/refresh", { json: {}, cookie: reader.cookie }))).toMatchObject({ status: 403, body: { code: 1004 } });
    expect(await json(await t.request("/api/admin/refresh", { cookie: reader.cookie }))).toMatchObject({ status: 403, body: { code: 1004 } });
    expect((await t.request("/api/admin/refresh")).status).toBe(401);
  });
});
