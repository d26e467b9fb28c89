import { idFloorAt, type RsshubInstance, type RsshubStatus } from "@tidings/contracts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { feeds, rsshubInstances } from "../../src/db/schema/index.ts";
import { apiAs, type Api } from "../helpers/api.ts";
import { createTestApp, signUp, type TestApp } from "../helpers/app.ts";
import { startFeedServer, type FeedServer } from "../helpers/feed-server.ts";
import { startRsshubServer, type RsshubServer } from "../helpers/rsshub-server.ts";

const namespaces = (name: string) => ({
  test: { name, url: "example.com", lang: "en", routes: { "/news": { path: "/news", name: `${name} news`, example: "/test/news", categories: ["blog"], maintainers: ["me"], location: "news.ts" } } },
});

interface FeedInfo {
  feed: { id: string; url: string; title: string | null; errorMessage: string | null; rsshubFallback?: string | null };
  entries: { title: string | null }[];
}

let now = Date.now();
const clock = { now: () => new Date(now) };
let t: TestApp;
let main: RsshubServer; // the server's default instance (RSSHUB_URL)
let own: RsshubServer; // the admin's instance, with an access key
let other: RsshubServer; // names another owner in /api/follow/config
let html: FeedServer; // not an RSSHub at all
let admin: Api;
let alice: Api;
let bob: Api;
let carol: Api;
let adminId: string;
let bobId: string;

beforeAll(async () => {
  main = await startRsshubServer({ name: "Main", routes: { "/test/news": ["Main one", "Main two"], "/test/other": ["Other one"] }, namespaces: namespaces("Main") });
  own = await startRsshubServer({
    name: "Own",
    accessKey: "sekret",
    routes: { "/test/news": ["Own one", "Own two", "Own three"] },
    namespaces: namespaces("Own"),
    followConfig: { description: "Published description", price: 0, userLimit: 3, cacheTime: 300 },
  });
  other = await startRsshubServer({ name: "Other", routes: {}, namespaces: namespaces("Other"), followConfig: { ownerUserId: "someone-else" } });
  html = await startFeedServer();
  html.set("/api/namespace", { headers: { "content-type": "text/html" }, body: "<html>hello</html>" });
  t = await createTestApp({ RSSHUB_URL: main.baseUrl }, { clock });
  const first = await signUp(t, { email: "admin@example.com", name: "Admin" });
  adminId = first.userId;
  admin = apiAs(t, first.cookie);
  alice = apiAs(t, (await signUp(t, { email: "alice@example.com", name: "Alice" })).cookie);
  const signedBob = await signUp(t, { email: "bob@example.com", name: "Bob" });
  bob = apiAs(t, signedBob.cookie);
  bobId = signedBob.userId;
  carol = apiAs(t, (await signUp(t, { email: "carol@example.com", name: "Carol" })).cookie);
});
afterAll(async () => {
  await t.close();
  await Promise.all([main.close(), own.close(), other.close(), html.close()]);
});

describe("RSSHub instances", () => {
  let ownId: string;

  it("adds an instance after checking it, with what it publishes, and shows its address and key to its owner only", async () => {
    const added = await admin.post<RsshubInstance>("/rsshub", { baseUrl: `${own.baseUrl}/`, accessKey: "sekret" });
    expect(added.status).toBe(200);
    expect(added.body.data).toMatchObject({
      description: "Published description",
      ownerUserId: adminId,
      price: 0,
      userLimit: 3,
      userCount: 0,
      status: "ok",
      isOwner: true,
      inUse: false,
      baseUrl: own.baseUrl,
      accessKey: "sekret",
    });
    ownId = added.body.data!.id;
    // The key travels as RSSHub's code (md5 of path + key), never as itself.
    expect(own.urls.some((url) => url.startsWith("/api/namespace?code="))).toBe(true);
    expect(own.urls.some((url) => url.includes("sekret"))).toBe(false);
    // The same address again updates it (no second row); an absent key keeps the stored one.
    const again = await admin.post<RsshubInstance>("/rsshub", { baseUrl: own.baseUrl, description: "Admin's hub", userLimit: 2 });
    expect(again.body.data).toMatchObject({ id: ownId, description: "Admin's hub", userLimit: 2, accessKey: "sekret" });
    const [row] = await t.deps.db.select().from(rsshubInstances).where(eq(rsshubInstances.id, ownId));
    expect(row!.accessKeySealed).toMatch(/^v1\./);
    expect(row!.accessKeySealed).not.toContain("sekret");

    const listed = await alice.get<RsshubInstance[]>("/rsshub/list");
    expect(listed.body.data).toEqual([
      expect.objectContaining({ id: ownId, description: "Admin's hub", owner: expect.objectContaining({ id: adminId, name: "Admin" }), userLimit: 2, userCount: 0, isOwner: false }),
    ]);
    expect(listed.body.data![0]).not.toHaveProperty("baseUrl");
    expect(listed.body.data![0]).not.toHaveProperty("accessKey");
    expect((await alice.get(`/rsshub?id=${ownId}`)).body).toMatchObject({ code: 0, data: { purchase: null, instance: { id: ownId } } });
  });

  it("saves nothing when the check fails: 13006 for a refused key, no RSSHub or another owner, 13007 when unreachable", async () => {
    const before = (await admin.get<RsshubInstance[]>("/rsshub/list")).body.data!.length;
    const refused = await admin.post("/rsshub", { baseUrl: `${own.baseUrl}/sub`, accessKey: "wrong" });
    expect(refused).toMatchObject({ status: 400, body: { code: 13006, reason: expect.stringContaining("refused the access key") } });
    expect(await admin.post("/rsshub", { baseUrl: html.url("") })).toMatchObject({ status: 400, body: { code: 13006, reason: expect.stringContaining("Not an RSSHub instance") } });
    expect(await admin.post("/rsshub", { baseUrl: other.baseUrl })).toMatchObject({ status: 400, body: { code: 13006, reason: expect.stringContaining("FOLLOW_OWNER_USER_ID") } });
    expect(await admin.post("/rsshub", { baseUrl: "http://127.0.0.1:9" })).toMatchObject({ status: 503, body: { code: 13007 } });
    // A reader who is not an admin may not point the server at its own network.
    expect(await alice.post("/rsshub", { baseUrl: main.baseUrl })).toMatchObject({
      status: 403,
      body: { code: 16000, reason: `${new URL(main.baseUrl).hostname} is on a private network, which this server reaches only for its administrators` },
    });
    expect(await admin.post("/rsshub", { baseUrl: "ftp://example.com" })).toMatchObject({ status: 400, body: { code: 1002 } });
    expect(await admin.post("/rsshub", { baseUrl: `${own.baseUrl}?x=1` })).toMatchObject({ status: 400, body: { code: 1002 } });
    expect((await admin.get<RsshubInstance[]>("/rsshub/list")).body.data!.length).toBe(before);
  });

  it("answers 13001 to others editing or deleting it, 13003 for an unknown one", async () => {
    const unknown = idFloorAt(Date.now() - 1000);
    expect(await alice.post("/rsshub", { id: ownId, baseUrl: own.baseUrl })).toMatchObject({ status: 403, body: { code: 13001 } });
    expect(await alice.delete("/rsshub", { id: ownId })).toMatchObject({ status: 403, body: { code: 13001 } });
    expect(await alice.post("/rsshub/check", { id: ownId })).toMatchObject({ status: 403, body: { code: 13001 } });
    expect(await alice.get(`/rsshub?id=${unknown}`)).toMatchObject({ status: 404, body: { code: 13003 } });
    expect(await alice.post("/rsshub/use", { id: unknown })).toMatchObject({ status: 404, body: { code: 13003 } });
    expect(await alice.delete("/rsshub", { id: unknown })).toMatchObject({ status: 404, body: { code: 13003 } });
    expect(await alice.get("/rsshub/list")).toMatchObject({ status: 200 });
    expect((await t.request("/api/rsshub/list")).status).toBe(401);
  });

  it("lets readers use it up to its user limit (13004), keeps private ones to their owner, and sells paid ones through the POWER ledger", async () => {
    const used = await alice.post<RsshubStatus>("/rsshub/use", { id: ownId });
    expect(used.body.data).toMatchObject({ usage: { rsshubId: ownId, expiresAt: null }, instance: { id: ownId, inUse: true, userCount: 1 }, default: { baseUrl: main.baseUrl } });
    expect((await bob.post("/rsshub/use", { id: ownId })).status).toBe(200);
    expect(await carol.post("/rsshub/use", { id: ownId })).toMatchObject({ status: 403, body: { code: 13004 } });
    // Bob stops: Carol gets his place.
    expect((await bob.post<RsshubStatus>("/rsshub/use", { id: null })).body.data).toMatchObject({ usage: null, instance: null });
    expect((await carol.post("/rsshub/use", { id: ownId })).status).toBe(200);
    expect((await carol.post("/rsshub/use", { id: null })).status).toBe(200);

    const hidden = await admin.post<RsshubInstance>("/rsshub", { baseUrl: `${main.baseUrl}/`, description: "Private", userLimit: 0 });
    expect(hidden.status).toBe(200);
    expect((await bob.get<RsshubInstance[]>("/rsshub/list")).body.data!.map((item) => item.id)).not.toContain(hidden.body.data!.id);
    expect(await bob.post("/rsshub/use", { id: hidden.body.data!.id })).toMatchObject({ status: 404, body: { code: 13003 } });
    const paid = await admin.post<RsshubInstance>("/rsshub", { id: hidden.body.data!.id, baseUrl: main.baseUrl, userLimit: null, price: 5 });
    expect(paid.body.data).toMatchObject({ price: 5, userLimit: null });
    expect(await bob.post("/rsshub/use", { id: paid.body.data!.id })).toMatchObject({ body: { code: 4002 } });
    expect(await bob.post("/rsshub/use", { id: paid.body.data!.id, durationInMonths: 13 })).toMatchObject({ status: 400, body: { code: 1002 } });
    // With POWER: two months for 10, paid to the owner; another month extends the period.
    expect((await admin.post("/admin/power/mint", { userId: bobId, amount: 20 })).status).toBe(200);
    const bought = await bob.post<RsshubStatus>("/rsshub/use", { id: paid.body.data!.id, durationInMonths: 2 });
    expect(bought.body.data).toMatchObject({ usage: { rsshubId: paid.body.data!.id }, purchase: { hash: expect.stringMatching(/^0x/), expiresAt: expect.any(String) } });
    const days = (iso: string) => Math.round((new Date(iso).getTime() - now) / 86_400_000);
    expect(days(bought.body.data!.purchase!.expiresAt)).toBe(60);
    const extended = await bob.post<RsshubStatus>("/rsshub/use", { id: paid.body.data!.id, durationInMonths: 1 });
    expect(days(extended.body.data!.purchase!.expiresAt)).toBe(90);
    expect((await admin.get<{ cashablePowerToken: string }[]>("/wallets")).body.data![0]!.cashablePowerToken).toBe((15n * 10n ** 18n).toString());
    expect((await bob.get<{ purchase: unknown }>(`/rsshub?id=${paid.body.data!.id}`)).body.data!.purchase).toMatchObject({ expiresAt: extended.body.data!.purchase!.expiresAt });
    expect(await admin.delete("/rsshub", { id: paid.body.data!.id })).toMatchObject({ status: 409, body: { code: 13002 } });
    expect((await bob.post("/rsshub/use", { id: null })).status).toBe(200);
    // The owner uses their own whatever its price, and removes it while nobody else does.
    expect((await admin.post("/rsshub/use", { id: paid.body.data!.id })).status).toBe(200);
    expect((await admin.delete("/rsshub", { id: paid.body.data!.id })).status).toBe(200);
    expect((await admin.get<RsshubStatus>("/rsshub/status")).body.data).toMatchObject({ usage: null });
  });

  it("fetches a reader's rsshub:// routes through their instance, once per hour, and keeps one feed for everyone", async () => {
    const preview = await alice.get<FeedInfo>(`/feeds?url=${encodeURIComponent("rsshub://test/news")}`);
    expect(preview.status).toBe(200);
    expect(preview.body.data!.feed).toMatchObject({ url: "rsshub://test/news", title: "Own /test/news" });
    expect(preview.body.data!.entries.map((entry) => entry.title).sort()).toEqual(["Own one", "Own three", "Own two"]);
    expect(own.hits("/test/news")).toBe(1);
    expect(main.hits("/test/news")).toBe(0);
    // Following right after the preview costs the instance nothing more.
    expect((await alice.post("/subscriptions", { url: "rsshub://test/news", view: 0 })).status).toBe(200);
    expect((await bob.post("/subscriptions", { url: "rsshub://test/news", view: 0 })).status).toBe(200);
    expect(own.hits("/test/news")).toBe(1);
    const stored = await t.deps.db.select().from(feeds).where(eq(feeds.url, "rsshub://test/news"));
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ rsshubInstanceId: ownId, rsshubFallback: null });
    // Fetched again within the hour (another preview): the instance's answer is reused; an admin's
    // refresh asks it again.
    await alice.get(`/feeds?url=${encodeURIComponent("rsshub://test/news")}`);
    await t.deps.feedsRepo.markDue(clock.now(), [stored[0]!.id]);
    expect((await t.deps.scheduler.drain()).refreshed).toBe(1);
    expect(own.hits("/test/news")).toBe(1);
    await t.deps.feeds.refreshNow({ id: adminId, email: "admin@example.com", name: "Admin", role: "user", isAdmin: true }, stored[0]!.id);
    expect(own.hits("/test/news")).toBe(2);
    const [after] = await t.deps.db.select().from(feeds).where(eq(feeds.id, stored[0]!.id));
    // An instance caches a route for an hour: the feed is not asked for sooner.
    expect(after!.nextCheckAt.getTime() - now).toBeGreaterThanOrEqual(60 * 60 * 1000 - 1000);
  });

  it("falls back to the default when the instance goes down, says so on the feed, and comes back after its check passes", async () => {
    const [feed] = await t.deps.db.select().from(feeds).where(eq(feeds.url, "rsshub://test/news"));
    const adminUser = { id: adminId, email: "admin@example.com", name: "Admin", role: "user" as const, isAdmin: true };
    await own.down();
    now += 60 * 60 * 1000;
    const result = await t.deps.feeds.refreshNow(adminUser, feed!.id);
    expect(result.result.status).toBe("updated");
    expect(main.hits("/test/news")).toBe(1);
    const info = await alice.get<FeedInfo>(`/feeds?id=${feed!.id}`);
    expect(info.body.data!.feed.rsshubFallback).toMatch(/^Admin's hub is unavailable \(.+\): fetched through the default RSSHub instance$/);
    expect(info.body.data!.feed.errorMessage).toBeNull();
    expect(info.body.data!.entries.map((entry) => entry.title)).toEqual(expect.arrayContaining(["Main one", "Own one"]));
    const listed = (await alice.get<RsshubInstance[]>("/rsshub/list")).body.data!.find((item) => item.id === ownId)!;
    expect(listed).toMatchObject({ status: "unavailable", errorMessage: expect.any(String) });
    // Other readers see neither the instance's address in the feed's note nor in its error.
    const port = new URL(own.baseUrl).port;
    expect(info.body.data!.feed.rsshubFallback).not.toContain(port);
    expect(listed.errorMessage).not.toContain(port);
    expect((await admin.get<RsshubInstance[]>("/rsshub/list")).body.data!.find((item) => item.id === ownId)!.errorMessage).toContain(port);
    expect(await carol.post("/rsshub/use", { id: ownId })).toMatchObject({ status: 503, body: { code: 13007 } });

    // The next fetch skips it without trying while it is known down.
    now += 60 * 60 * 1000;
    await t.deps.feeds.refreshNow(adminUser, feed!.id);
    expect(main.hits("/test/news")).toBe(2);

    await own.up();
    now += 60 * 60 * 1000;
    expect(await t.deps.rsshub.checker.checkDue()).toBeGreaterThanOrEqual(1);
    expect((await alice.get<RsshubInstance[]>("/rsshub/list")).body.data!.find((item) => item.id === ownId)).toMatchObject({ status: "ok", errorMessage: null });
    await t.deps.feeds.refreshNow(adminUser, feed!.id);
    const [back] = await t.deps.db.select().from(feeds).where(eq(feeds.id, feed!.id));
    expect(back).toMatchObject({ rsshubInstanceId: ownId, rsshubFallback: null });
  });

  it("answers 13002 while others use it, 13000 for a route the instance lacks", async () => {
    expect(await admin.delete("/rsshub", { id: ownId })).toMatchObject({ status: 409, body: { code: 13002 } });
    expect(await alice.get(`/feeds?url=${encodeURIComponent("rsshub://test/missing")}`)).toMatchObject({ status: 404, body: { code: 13000 } });
  });

  it("serves each reader the route catalogue of the instance they use", async () => {
    const aliceRoutes = await alice.get<Record<string, { name: string }>>("/discover/rsshub");
    expect(aliceRoutes.body.data).toMatchObject({ test: { name: "Own" } });
    expect((await bob.get<Record<string, { name: string }>>("/discover/rsshub")).body.data).toMatchObject({ test: { name: "Main" } });
    expect((await alice.get<RsshubStatus>("/rsshub/status")).body.data!.catalogue).toMatchObject({ source: "instance", fetchedAt: expect.any(String) });
    expect((await bob.get<RsshubStatus>("/rsshub/status")).body.data!.catalogue).toMatchObject({ source: "default" });
  });

  it("lets the owner check it now, and remove it once nobody else uses it", async () => {
    expect((await admin.post<RsshubInstance>("/rsshub/check", { id: ownId })).body.data).toMatchObject({ status: "ok" });
    await own.down();
    expect((await admin.post<RsshubInstance>("/rsshub/check", { id: ownId })).body.data).toMatchObject({ status: "unavailable", errorMessage: expect.any(String) });
    await own.up();
    expect((await alice.post("/rsshub/use", { id: null })).status).toBe(200);
    expect((await admin.delete("/rsshub", { id: ownId })).status).toBe(200);
    expect(await admin.get(`/rsshub?id=${ownId}`)).toMatchObject({ status: 404, body: { code: 13003 } });
  });

  it("gives the last places to exactly as many readers as its limit when they race for them", async () => {
    const shared = await admin.post<RsshubInstance>("/rsshub", { baseUrl: main.baseUrl, description: "Two seats", userLimit: 2 });
    expect(shared.status).toBe(200);
    const answers = await Promise.all([alice, bob, carol].map((reader) => reader.post("/rsshub/use", { id: shared.body.data!.id })));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(2);
    expect(answers.filter((answer) => answer.body.code === 13004)).toHaveLength(1);
    expect((await admin.get<RsshubInstance[]>("/rsshub/list")).body.data!.find((item) => item.id === shared.body.data!.id)).toMatchObject({ userCount: 2 });
  });
});

describe("a paid RSSHub instance without POWER", () => {
  it("answers 13005: there is nothing to pay with", async () => {
    const off = await createTestApp({ RSSHUB_URL: main.baseUrl, POWER: "false" });
    try {
      const owner = apiAs(off, (await signUp(off, { email: "owner@example.com" })).cookie);
      const reader = apiAs(off, (await signUp(off, { email: "reader@example.com" })).cookie);
      const paid = await owner.post<RsshubInstance>("/rsshub", { baseUrl: main.baseUrl, price: 5, userLimit: null });
      expect(await reader.post("/rsshub/use", { id: paid.body.data!.id })).toMatchObject({ status: 404, body: { code: 13005, reason: expect.stringContaining("5 POWER") } });
    } finally {
      await off.close();
    }
  });
});
