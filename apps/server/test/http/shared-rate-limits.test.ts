import type { InboxSummary } from "@tidings/contracts";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { requestCounters } from "../../src/db/schema/index.ts";
import { apiAs } from "../helpers/api.ts";
import { createTestApp, signUp, type TestApp } from "../helpers/app.ts";
import { type FeedServer, startFeedServer } from "../helpers/feed-server.ts";
import { freePort } from "../helpers/free-port.ts";
import { redisEnv, secondInstance, type Instance } from "../helpers/instances.ts";
import { png } from "../images/fixtures.ts";
import { MAIL_DOMAIN } from "../inboxes/mail-helpers.ts";

let t: TestApp | undefined;
let other: Instance | undefined;
afterEach(async () => {
  await other?.close();
  await t?.close();
  t = other = undefined;
});

/** A clock the test moves (the database counts in windows of this clock; Redis in its own time). */
function movableClock(start = Date.parse("2026-01-01T00:00:10Z")) {
  let now = start;
  return { now: () => new Date(now), advance: (ms: number) => (now += ms) };
}

/** A 429 of any limit: code 18000 and a Retry-After of whole seconds, at most `maxWait`. */
async function expectTooMany(response: Response, maxWait: number) {
  expect(response.status).toBe(429);
  const wait = Number(response.headers.get("retry-after"));
  expect(wait).toBeGreaterThan(0);
  expect(wait).toBeLessThanOrEqual(maxWait);
  expect(await response.json()).toMatchObject({ code: 18000, message: expect.any(String), reason: expect.any(String) });
}

let images: FeedServer;
let dataDir: string;
let nextWidth = 20;
beforeAll(async () => {
  images = await startFeedServer();
  for (const name of ["a", "b", "c"]) images.set(`/${name}.png`, { headers: { "content-type": "image/png" }, body: await png(40, 20) });
  dataDir = await mkdtemp(path.join(tmpdir(), "tidings-shared-limits-"));
});
afterAll(async () => {
  await images.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** The database holds counts when it is the store, none when Redis is: the limits counted where configured. */
async function expectCountedInDatabase(expected: boolean) {
  const rows = await t!.deps.db.select().from(requestCounters);
  expect(rows.length > 0).toBe(expected);
}

describe.each([
  ["the database", () => ({})],
  ["Redis", redisEnv],
])("rate limits shared by two servers, counted in %s", (store, storeEnv) => {
  afterEach(async () => expectCountedInDatabase(store === "the database"));

  it("trips the sign-in limit at RATE_LIMIT_AUTH_PER_MINUTE with requests spread over both", async () => {
    t = await createTestApp({ RATE_LIMIT_AUTH_PER_MINUTE: "3", ...storeEnv() }, { clock: movableClock() });
    other = secondInstance(t);
    const signIn = { json: { email: "nobody@example.com", password: "wrong password!" } };
    expect((await t.request("/api/better-auth/sign-in/email", signIn)).status).toBe(401);
    expect((await other.request("/api/better-auth/request-password-reset", { json: { email: "nobody@example.com", redirectTo: "/reset-password" } })).status).toBe(200);
    expect((await t.request("/api/better-auth/sign-in/email", signIn)).status).toBe(401);
    await expectTooMany(await other.request("/api/better-auth/sign-in/email", signIn), 60);
    await expectTooMany(await t.request("/api/better-auth/sign-in/email", signIn), 60);
  });

  it("shares the image proxy's hourly limit (IMAGE_PROXY_PER_HOUR) per client address", async () => {
    t = await createTestApp({ DATA_DIR: dataDir, IMAGE_PROXY_PER_HOUR: "2", TRUST_PROXY: "true", ...storeEnv() }, { clock: movableClock(), loopbackIsPublic: true });
    other = secondInstance(t);
    // A width no request of this file asked for before: the proxy's cache (DATA_DIR, shared by
    // both stores' runs) never answers, so every request counts against the limit. (A random
    // width once matched an earlier run's, and the request that had to be refused was served.)
    const proxied = (name: string) => `/api/image?url=${encodeURIComponent(images.url(`/${name}.png`))}&w=${nextWidth++}`;
    const from = { headers: { "x-forwarded-for": "203.0.113.7" } };
    expect((await t.request(proxied("a"), from)).status).toBe(200);
    expect((await other.request(proxied("b"), from)).status).toBe(200);
    const before = images.hits("/c.png");
    await expectTooMany(await t.request(proxied("c"), from), 3600);
    await expectTooMany(await other.request(proxied("c"), from), 3600);
    expect(images.hits("/c.png")).toBe(before);
    // Another address has its own share.
    expect((await other.request(proxied("c"), { headers: { "x-forwarded-for": "203.0.113.8" } })).status).toBe(200);
  });

  it("shares inbox mail's hourly limit per inbox (INBOX_MAIL_PER_HOUR)", async () => {
    t = await createTestApp({ INBOX_EMAIL_SUFFIX: MAIL_DOMAIN, INBOX_MAIL_PER_HOUR: "2", ...storeEnv() }, { clock: movableClock() });
    other = secondInstance(t);
    const { cookie } = await signUp(t, { email: "ann@example.com" });
    const inbox = (await apiAs(t, cookie).post<InboxSummary>("/inboxes", { handle: "news", title: "News" })).body.data!;
    const mail = (n: number) => ({
      method: "POST",
      headers: { "content-type": "application/json", "X-Follow-Handle": "news", "X-Follow-Secret": inbox.secret },
      body: JSON.stringify({ date: "2026-01-01T00:00:00Z", from: { address: "letters@sender.example" }, to: { address: `news@${MAIL_DOMAIN}` }, messageId: `<m${n}@sender.example>`, subject: `Issue ${n}`, html: "<p>Hello</p>" }),
    });
    expect((await t.request("/api/inboxes/email", mail(1))).status).toBe(200);
    expect((await other.request("/api/inboxes/email", mail(2))).status).toBe(200);
    await expectTooMany(await t.request("/api/inboxes/email", mail(3)), 3600);
    await expectTooMany(await other.request("/api/inboxes/email", mail(4)), 3600);
  });
});

describe("rate limits with Redis away", () => {
  it("let requests through at once, and /readyz stays ready", async () => {
    const closed = await freePort();
    t = await createTestApp({ REDIS_URL: `redis://127.0.0.1:${closed}`, RATE_LIMIT_PUBLIC_PER_MINUTE: "1", RATE_LIMIT_AUTH_PER_MINUTE: "1" });
    for (let i = 0; i < 4; i++) {
      const started = performance.now();
      expect((await t.request("/api/status/configs")).status).toBe(200);
      // Never the connect timeout per request: a refused connection fails the count at once.
      expect(performance.now() - started).toBeLessThan(900);
    }
    expect((await t.request("/api/better-auth/sign-in/email", { json: { email: "nobody@example.com", password: "wrong password!" } })).status).toBe(401);
    expect((await t.request("/api/better-auth/sign-in/email", { json: { email: "nobody@example.com", password: "wrong password!" } })).status).toBe(401);
    expect((await t.request("/readyz")).status).toBe(200);
  });
});
