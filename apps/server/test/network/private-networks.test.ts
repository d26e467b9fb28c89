// The private-network policy (PRIVATE_NETWORKS_FOR), tried on every feature that takes an
// address from a reader: a second reader who is not an administrator must not make the server
// reach a loopback service (0 requests there), the administrator may under the default, and
// nobody may with "none". Each loopback service counts what reaches it.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { InboxSummary } from "@tidings/contracts";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { entries } from "../../src/db/schema/index.ts";
import { type OpenAiTestServer, startOpenAiTestServer } from "../../src/lib/ai/openai-test-server.ts";
import { apiAs, type ApiResult } from "../helpers/api.ts";
import { createTestApp, signUp, type TestApp } from "../helpers/app.ts";
import { type FeedServer, rssFeed, startFeedServer } from "../helpers/feed-server.ts";
import { startPushService, type TestPushService } from "../helpers/push-service.ts";
import { startRsshubServer, type RsshubServer } from "../helpers/rsshub-server.ts";
import { seedFeed } from "../helpers/seed.ts";
import { png } from "../images/fixtures.ts";
import { sendToInbox } from "../inboxes/webhook-helpers.ts";
import { type ServiceServer, startService } from "../integrations/service-server.ts";

const REFUSED = { status: 403, body: { code: 16000, message: "The server does not connect to this address" } };

let feedHost: FeedServer;
let rsshub: RsshubServer;
let ai: OpenAiTestServer;
let readeck: ServiceServer;
let push: TestPushService;
let hooks: { url: string; received: number; close(): Promise<void> };
let dataDir: string;

beforeAll(async () => {
  feedHost = await startFeedServer();
  for (const name of ["follow", "discover", "page", "known"]) {
    feedHost.set(`/${name}.xml`, { body: rssFeed({ title: `LAN ${name}`, items: [{ guid: `${name}-1`, title: `From the LAN (${name})` }] }) });
  }
  feedHost.set("/picture.png", { headers: { "content-type": "image/png" }, body: await png(64, 32) });
  feedHost.set("/avatar.png", { headers: { "content-type": "image/png" }, body: await png(32, 32) });
  rsshub = await startRsshubServer({
    name: "LAN",
    routes: { "/test/news": ["One"] },
    namespaces: { test: { name: "Test", url: "example.com", lang: "en", routes: { "/news": { path: "/news", name: "News", example: "/test/news", categories: ["blog"], maintainers: ["me"], location: "news.ts" } } } },
  });
  ai = await startOpenAiTestServer();
  readeck = await startService(() => ({ status: 202, headers: { location: "/api/bookmarks/abc" }, body: { status: 202 } }));
  push = await startPushService();
  let received = 0;
  const server = http.createServer((request, response) => {
    received++;
    request.resume().on("end", () => response.writeHead(204).end());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  hooks = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    get received() {
      return received;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  dataDir = await mkdtemp(path.join(tmpdir(), "tidings-lan-"));
});
afterAll(async () => {
  await Promise.all([feedHost.close(), rsshub.close(), ai.close(), readeck.close(), push.close(), hooks.close()]);
  await rm(dataDir, { recursive: true, force: true });
});

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

/** An app with an administrator (the first account) and a reader, both seeing one entry. */
async function instance(env: Record<string, string> = {}) {
  t = await createTestApp({ DATA_DIR: path.join(dataDir, String(Math.random()).slice(2)), ...env });
  const admin = await signUp(t, { email: "admin@example.com" });
  const reader = await signUp(t, { email: "reader@example.com" });
  const { entryIds } = await seedFeed(t, { userId: reader.userId, count: 1 });
  const entryId = entryIds[0]!;
  await t.deps.db.update(entries).set({ title: "The harbour reopens after the storm", content: "<p>The harbour reopened on Monday after the storm.</p>" }).where(eq(entries.id, entryId));
  return { t, admin: { ...admin, api: apiAs(t, admin.cookie) }, reader: { ...reader, api: apiAs(t, reader.cookie) }, entryId };
}

type Instance = Awaited<ReturnType<typeof instance>>;
type Who = Instance["admin"];

/**
 * One feature: `attempt` makes the server reach its loopback service for `who` as a reader
 * would, answering the first refusal (or the last answer); `reached` counts what got there.
 */
interface Feature {
  name: string;
  attempt(app: Instance, who: Who): Promise<ApiResult>;
  reached(): number;
}

const image = async (app: Instance, who: Who, url: string): Promise<ApiResult> => {
  const response = await app.t.request(`/api/image?url=${encodeURIComponent(url)}&w=16`, { cookie: who.cookie });
  return response.status === 200 ? { status: 200, body: { code: 0 } } : { status: response.status, body: (await response.json()) as ApiResult["body"] };
};

/** The first answer that is not a success, else the last. */
async function steps(...calls: (() => Promise<ApiResult>)[]): Promise<ApiResult> {
  let last: ApiResult = { status: 200, body: { code: 0 } };
  for (const call of calls) {
    last = await call();
    if (last.status !== 200) return last;
  }
  return last;
}

const FEATURES: Feature[] = [
  { name: "following a feed", attempt: (_app, who) => who.api.post("/subscriptions", { url: feedHost.url("/follow.xml"), view: 0 }), reached: () => feedHost.hits("/follow.xml") },
  { name: "discovering the feeds at an address", attempt: (_app, who) => who.api.post("/discover", { keyword: feedHost.url("/discover.xml") }), reached: () => feedHost.hits("/discover.xml") },
  { name: "a feed's page by its address", attempt: (_app, who) => who.api.get(`/feeds?url=${encodeURIComponent(feedHost.url("/page.xml"))}`), reached: () => feedHost.hits("/page.xml") },
  {
    name: "an integration (Readeck, LAN switch on)",
    attempt: (app, who) => who.api.post("/integrations/readeck/save", { entryId: app.entryId, settings: { endpoint: readeck.url(), token: "t" }, options: { allowPrivate: true } }),
    reached: () => readeck.received.length,
  },
  {
    name: "an Actions webhook",
    attempt: (app, who) =>
      steps(
        () => who.api.put("/actions", { rules: [{ name: "Hook", condition: [], result: { webhooks: [hooks.url] } }] }),
        async () => {
          const handle = `box-${who.userId.slice(-6)}`;
          const inbox = (await who.api.post<InboxSummary>("/inboxes", { handle, title: "In" })).body.data!;
          await sendToInbox(app.t, { handle, secret: inbox.secret }, { guid: "m1", title: "Hello", publishedAt: new Date().toISOString() });
          await app.t.deps.webhookSender.drain();
          return { status: 200, body: { code: 0 } };
        },
      ),
    reached: () => hooks.received,
  },
  { name: "an RSSHub instance", attempt: (_app, who) => who.api.post("/rsshub", { baseUrl: rsshub.baseUrl }), reached: () => rsshub.urls.length },
  {
    name: "their own AI provider",
    attempt: (app, who) =>
      steps(
        () => who.api.put("/ai/settings", { baseUrl: ai.url, model: "own-model" }),
        () => who.api.get(`/ai/translation?id=${app.entryId}&language=fr&fields=title`),
      ),
    reached: () => ai.requests.length,
  },
  { name: "an image through the proxy", attempt: (app, who) => image(app, who, feedHost.url("/picture.png")), reached: () => feedHost.hits("/picture.png") },
  {
    name: "their avatar, as the web client shows it (through the proxy)",
    attempt: (app, who) =>
      steps(
        async () => {
          const response = await app.t.request("/api/better-auth/update-user", { cookie: who.cookie, json: { image: feedHost.url("/avatar.png") } });
          return { status: response.status, body: { code: response.status === 200 ? 0 : -1 } };
        },
        () => image(app, who, feedHost.url("/avatar.png")),
      ),
    reached: () => feedHost.hits("/avatar.png"),
  },
  {
    name: "a device's push endpoint",
    attempt: (_app, who) =>
      steps(
        () => who.api.post("/messaging", { subscription: push.subscriber().json }),
        () => who.api.get("/messaging/test"),
      ),
    reached: () => push.received.length + push.refused.length,
  },
];

describe("PRIVATE_NETWORKS_FOR=admins (the default)", () => {
  it.each(FEATURES.map((feature) => [feature.name, feature] as const))("%s: refused to a reader who is not an administrator, with 0 requests", async (_name, feature) => {
    const app = await instance();
    const before = feature.reached();
    expect(await feature.attempt(app, app.reader)).toMatchObject(REFUSED);
    expect(feature.reached()).toBe(before);
  });

  it.each(FEATURES.map((feature) => [feature.name, feature] as const))("%s: reached for the administrator", async (_name, feature) => {
    const app = await instance();
    const before = feature.reached();
    const answer = await feature.attempt(app, app.admin);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(feature.reached()).toBeGreaterThan(before);
  });

  it("keeps a reader off a feed the administrator follows on the LAN, and out of its entries", async () => {
    const app = await instance();
    expect((await app.admin.api.post("/subscriptions", { url: feedHost.url("/known.xml"), view: 0 })).status).toBe(200);
    const hits = feedHost.hits("/known.xml");
    expect(await app.reader.api.post("/subscriptions", { url: feedHost.url("/known.xml"), view: 0 })).toMatchObject(REFUSED);
    expect(await app.reader.api.get(`/feeds?url=${encodeURIComponent(feedHost.url("/known.xml"))}`)).toMatchObject(REFUSED);
    // Nor into a list of theirs, by the feed's id.
    const feed = (await app.t.deps.feedsRepo.findByUrl(feedHost.url("/known.xml")))!;
    const list = (await app.reader.api.post<{ id: string }>("/lists", { title: "Mine", view: 0, fee: 0 })).body.data!;
    expect(await app.reader.api.post("/lists/feeds", { listId: list.id, feedId: feed.id })).toMatchObject(REFUSED);
    expect(feedHost.hits("/known.xml")).toBe(hits);
    // The administrator's own list may hold it.
    const own = (await app.admin.api.post<{ id: string }>("/lists", { title: "LAN", view: 0, fee: 0 })).body.data!;
    expect((await app.admin.api.post("/lists/feeds", { listId: own.id, feedId: feed.id })).status).toBe(200);
  });
});

describe("PRIVATE_NETWORKS_FOR=none", () => {
  it.each(FEATURES.map((feature) => [feature.name, feature] as const))("%s: refused to the administrator too, with 0 requests", async (_name, feature) => {
    const app = await instance({ PRIVATE_NETWORKS_FOR: "none" });
    const before = feature.reached();
    const answer = await feature.attempt(app, app.admin);
    expect(answer).toMatchObject({ ...REFUSED, body: { ...REFUSED.body, reason: expect.stringContaining("which this server reaches for no one (PRIVATE_NETWORKS_FOR=none)") } });
    expect(feature.reached()).toBe(before);
  });
});

describe("PRIVATE_NETWORKS_FOR=everyone", () => {
  it("lets every reader's services sit on the LAN, never on link-local or metadata addresses", async () => {
    const app = await instance({ PRIVATE_NETWORKS_FOR: "everyone" });
    const before = readeck.received.length;
    const saved = await app.reader.api.post("/integrations/readeck/save", { entryId: app.entryId, settings: { endpoint: readeck.url(), token: "t" }, options: { allowPrivate: true } });
    expect(saved.status).toBe(200);
    expect(readeck.received.length).toBe(before + 1);
    const metadata = await app.reader.api.put("/actions", { rules: [{ name: "Hook", condition: [], result: { webhooks: ["http://169.254.169.254/latest/meta-data/"] } }] });
    expect(metadata).toMatchObject({ ...REFUSED, body: { reason: "169.254.169.254 is a link-local, metadata or reserved address, which Tidings never connects to" } });
  });
});
