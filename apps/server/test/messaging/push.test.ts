import type { ActionRule, InboxSummary, MessagingDevice, MessagingTestResult, MessagingVapidKey } from "@tidings/contracts";
import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { rowsOf } from "../../src/db/client.ts";
import { generateVapidKeys } from "../../src/lib/push/vapid-keys.ts";
import { createRoot } from "../../src/root.ts";
import { apiAs, type Api } from "../helpers/api.ts";
import { createTestApp, signUp, type TestApp } from "../helpers/app.ts";
import { rssFeed, startFeedServer, type FeedServer } from "../helpers/feed-server.ts";
import { startPushService, type TestPushService, type TestSubscriber } from "../helpers/push-service.ts";
import { sendToInbox } from "../inboxes/webhook-helpers.ts";

// Push notifications (issue 13 §3) through a local push service that speaks the Web Push
// protocol: every message is decrypted with the subscriber's keys and its VAPID header checked.

let feeds: FeedServer;
let push: TestPushService;
let t: TestApp;
let ann: Api;
let bob: Api;
const day = (n: number) => new Date(Date.UTC(2026, 10, n, 12));
const first = [{ guid: "a1", title: "First story", date: day(20) }];

/** The instance's keys, as every process of a deployment shares them. */
const vapid = generateVapidKeys();
beforeAll(async () => {
  feeds = await startFeedServer();
  push = await startPushService();
});
afterAll(async () => Promise.all([feeds.close(), push.close()]));
beforeEach(async () => {
  feeds.set("/news.xml", { body: rssFeed({ title: "Dev News", items: first }) });
  t = await createTestApp({ PRIVATE_NETWORKS_FOR: "everyone", VAPID_PUBLIC_KEY: vapid.publicKey, VAPID_PRIVATE_KEY: vapid.privateKey });
  ann = apiAs(t, (await signUp(t, { email: "ann@example.com" })).cookie);
  bob = apiAs(t, (await signUp(t, { email: "bob@example.com" })).cookie);
});
afterEach(async () => t.close());

const register = async (api: Api, subscriber: TestSubscriber, views?: number[]) => {
  const answer = await api.post<MessagingDevice>("/messaging", { subscription: subscriber.json, channel: "web", ...(views ? { views } : {}) });
  expect(answer.status).toBe(200);
  return answer.body.data!;
};
const feedId = async () => rowsOf<{ id: string }>(await t.deps.db.execute(sql`SELECT id::text FROM feeds LIMIT 1`))[0]!.id;
/** The feed gains `items` (newest first); Ann, the admin, refreshes it; the notifications go out. */
const publish = async (items: { guid: string; title: string }[]) => {
  feeds.set("/news.xml", { body: rssFeed({ title: "Dev News", items: [...items.map((item) => ({ ...item, date: day(22) })), ...first] }) });
  expect((await ann.get(`/feeds/refresh?id=${await feedId()}`)).status).toBe(200);
  await t.deps.push.notifier.drain();
};
const rule = (name: string, value: string, result: ActionRule["result"]): ActionRule => ({ name, condition: [[{ field: "entry_title", operator: "contains", value }]], result });

describe("/messaging", () => {
  it("stores a browser's subscription with its views, updates it in place, lists it without keys and forgets it", async () => {
    const vapid = (await ann.get<MessagingVapidKey>("/messaging/vapid")).body.data!;
    expect(Buffer.from(vapid.publicKey, "base64url")).toHaveLength(65);
    const browser = push.subscriber();
    expect(await register(ann, browser, [0, 5, 5])).toMatchObject({ endpoint: browser.endpoint, channel: "web", views: [0, 5], lastSuccessAt: null, failureCount: 0 });
    // Subscribing again (other views) changes the same device.
    await register(ann, browser, [3]);
    const devices = (await ann.get<MessagingDevice[]>("/messaging")).body.data!;
    expect(devices).toEqual([expect.objectContaining({ endpoint: browser.endpoint, views: [3] })]);
    expect(JSON.stringify(devices)).not.toContain(browser.json.keys.auth);
    expect((await bob.get<MessagingDevice[]>("/messaging")).body.data).toEqual([]);
    // Bob cannot remove Ann's device; Ann can.
    expect((await bob.delete("/messaging", { endpoint: browser.endpoint })).body.data).toEqual({ removed: false });
    expect((await ann.delete("/messaging", { endpoint: browser.endpoint })).body.data).toEqual({ removed: true });
    expect((await ann.get<MessagingDevice[]>("/messaging")).body.data).toEqual([]);
    expect((await t.request("/api/messaging")).status).toBe(401);
  });

  it("takes the subscription's JSON as `token` (the reference client's field), and explains why a bare token is not enough", async () => {
    const browser = push.subscriber();
    const viaToken = await ann.post<MessagingDevice>("/messaging", { token: JSON.stringify(browser.json), channel: "desktop" });
    expect(viaToken.body.data).toMatchObject({ endpoint: browser.endpoint, channel: "desktop", views: [] });
    const bare = await ann.post("/messaging", { token: "fcm-registration-token", channel: "mobile" });
    expect(bare.status).toBe(400);
    expect(bare.body).toMatchObject({ code: 1002, reason: expect.stringContaining("not a bare token") });
    const keys = browser.json.keys;
    const bad = async (subscription: unknown) => (await ann.post("/messaging", { subscription })).body;
    expect(await bad({ endpoint: browser.endpoint, keys: { ...keys, p256dh: keys.auth } })).toMatchObject({ code: 1002, reason: expect.stringContaining("p256dh") });
    const offCurve = Buffer.from(keys.p256dh, "base64url");
    offCurve[64]! ^= 1;
    expect(await bad({ endpoint: browser.endpoint, keys: { ...keys, p256dh: offCurve.toString("base64url") } })).toMatchObject({ code: 1002, reason: expect.stringContaining("not a P-256") });
    expect(await bad({ endpoint: browser.endpoint, keys: { ...keys, auth: "short" } })).toMatchObject({ code: 1002, reason: expect.stringContaining("auth") });
    expect(await bad({ endpoint: "ftp://push.example/x", keys })).toMatchObject({ code: 1002, reason: expect.stringContaining("https") });
    expect((await ann.post("/messaging", { subscription: browser.json, views: [9] })).body.code).toBe(1002);
  });

  it("refuses plain http and private addresses to readers the private-network policy keeps off private networks", async () => {
    const strict = await createTestApp();
    try {
      await signUp(strict, { email: "admin@example.com" });
      const api = apiAs(strict, (await signUp(strict, { email: "cy@example.com" })).cookie);
      const keys = push.subscriber().json.keys;
      expect((await api.post("/messaging", { subscription: { endpoint: "http://push.example/x", keys } })).body).toMatchObject({ code: 1002 });
      for (const endpoint of ["https://127.0.0.1/x", "https://10.1.2.3/x", "https://[::1]/x", "https://localhost/x", "https://169.254.169.254/x"]) {
        const answer = await api.post("/messaging", { subscription: { endpoint, keys } });
        expect(answer.body, endpoint).toMatchObject({ code: 16000 });
      }
      expect((await api.post("/messaging", { subscription: { endpoint: "https://push.example/x", keys } })).status).toBe(200);
    } finally {
      await strict.close();
    }
  });

  it("sends an encrypted, VAPID-signed test message to each device; a 410 removes the device, other failures are counted", async () => {
    const vapid = (await ann.get<MessagingVapidKey>("/messaging/vapid")).body.data!;
    const [one, two, gone] = [push.subscriber(), push.subscriber(), push.subscriber()];
    for (const browser of [one, two, gone]) await register(ann, browser);
    push.answer(gone, 410);
    expect((await ann.get<MessagingTestResult>("/messaging/test")).body.data).toEqual({ sent: 2, failed: 0, removed: 1 });
    for (const browser of [one, two]) expect(push.messagesTo(browser)).toEqual([{ type: "test", title: "Tidings", description: expect.any(String), url: "/settings/notifications" }]);
    const received = push.received.at(-1)!;
    expect(received.vapid.publicKey).toBe(vapid.publicKey);
    expect(received.vapid.claims.sub).toBe("mailto:no-reply@localhost");
    expect(Number(received.headers.ttl)).toBeGreaterThan(0);
    expect(push.refused).toEqual([]);
    const devices = (await ann.get<MessagingDevice[]>("/messaging")).body.data!;
    expect(devices.map((device) => device.endpoint).sort()).toEqual([one.endpoint, two.endpoint].sort());
    expect(devices.every((device) => device.lastSuccessAt !== null)).toBe(true);

    push.answer(two, 500);
    expect((await ann.get<MessagingTestResult>("/messaging/test")).body.data).toEqual({ sent: 1, failed: 1, removed: 0 });
    expect((await ann.get<MessagingDevice[]>("/messaging")).body.data!.find((device) => device.endpoint === two.endpoint)).toMatchObject({ failureCount: 1 });
  });
});

describe("push notifications of new entries", () => {
  it("announce new entries in the views each device chose: one by one up to three, then one summary", async () => {
    await ann.post("/subscriptions", { url: feeds.url("/news.xml"), view: 0 });
    const articles = push.subscriber();
    const pictures = push.subscriber();
    await register(ann, articles, [0]);
    await register(ann, pictures, [2]);
    // What a new subscription brings is not new: nothing was sent.
    expect([...push.messagesTo(articles), ...push.messagesTo(pictures)]).toEqual([]);

    await publish([{ guid: "n1", title: "Second story" }]);
    const [message] = push.messagesTo(articles) as [Record<string, string | number>];
    const entryId = String(message.entryId);
    expect(message).toEqual({
      type: "new-entry",
      feedId: await feedId(),
      entryId,
      view: 0,
      title: "Dev News",
      description: "Second story",
      url: `/timeline/view-0/${await feedId()}/${entryId}`,
    });
    expect(push.messagesTo(pictures)).toEqual([]);

    await publish(["b1", "b2", "b3", "b4", "b5"].map((guid) => ({ guid, title: `Batch ${guid}` })));
    expect(push.messagesTo(articles).slice(1)).toEqual([
      { type: "new-entries", count: 5, view: 0, title: "Dev News", description: "5 new entries", url: "/timeline/view-0/all" },
    ]);
    expect(push.messagesTo(pictures)).toEqual([]);
  });

  it("never announce what a reader's rules blocked or silenced, and announce what their rules ask for in any view", async () => {
    await ann.post("/subscriptions", { url: feeds.url("/news.xml"), view: 0 });
    await bob.post("/subscriptions", { url: feeds.url("/news.xml"), view: 0 });
    await ann.put("/actions", {
      rules: [rule("Ads", "sponsored", { block: true }), rule("Quiet", "quiet", { silence: true }), rule("Rust", "rust", { newEntryNotification: true })],
    });
    const annViews = push.subscriber();
    const annRulesOnly = push.subscriber();
    const bobViews = push.subscriber();
    await register(ann, annViews, [0]);
    await register(ann, annRulesOnly, []);
    await register(bob, bobViews, [0]);

    await publish([
      { guid: "s1", title: "Sponsored: buy now" },
      { guid: "q1", title: "A quiet release" },
      { guid: "r1", title: "Rust 2.0 released" },
      { guid: "o1", title: "Other news" },
    ]);
    const descriptions = (subscriber: TestSubscriber) => push.messagesTo(subscriber).map((message) => message.description);
    // Once each, though "Rust" is both in her view and asked for by a rule.
    expect(descriptions(annViews).sort()).toEqual(["Other news", "Rust 2.0 released"]);
    expect(descriptions(annRulesOnly)).toEqual(["Rust 2.0 released"]);
    // Bob has no rules: all four, as one summary.
    expect(push.messagesTo(bobViews)).toEqual([expect.objectContaining({ type: "new-entries", count: 4 })]);
  });

  it("are queued in the ingestion's transaction, kept until a process sends them, and sent once when two processes send", async () => {
    await ann.post("/subscriptions", { url: feeds.url("/news.xml"), view: 0 });
    const browser = push.subscriber();
    await register(ann, browser, [0]);
    feeds.set("/news.xml", { body: rssFeed({ title: "Dev News", items: [{ guid: "d1", title: "Durable story", date: day(22) }, ...first] }) });
    expect((await ann.get(`/feeds/refresh?id=${await feedId()}`)).status).toBe(200);
    // This process runs no jobs: the notification waits in the database, committed with the entry.
    const queued = async () => rowsOf<{ status: string; attempts: number }>(await t.deps.db.execute(sql`SELECT status, attempts FROM jobs WHERE kind = 'push'`));
    expect(await queued()).toEqual([{ status: "pending", attempts: 0 }]);
    expect(push.messagesTo(browser)).toEqual([]);
    // Two processes send at once: one of them sends it, once; a sent job leaves the queue.
    const second = createRoot({ config: t.deps.config, logger: t.deps.logger, database: t.database, authSecret: t.deps.secret });
    try {
      const sent = await Promise.all([second.push.notifier.drain(), t.deps.push.notifier.drain(), second.push.notifier.drain()]);
      expect(sent.reduce((x, y) => x + y)).toBe(1);
    } finally {
      await second.feedReaders.close();
      second.network.close();
      await (second as { rateCounter?: { close(): Promise<void> } }).rateCounter?.close();
    }
    expect(push.messagesTo(browser)).toEqual([expect.objectContaining({ type: "new-entry", description: "Durable story" })]);
    expect(await queued()).toEqual([]);
    // Nobody with a device: nothing is queued at all.
    await ann.delete("/messaging", { endpoint: browser.endpoint });
    await publish([{ guid: "d2", title: "Unheard story" }]);
    expect(await queued()).toEqual([]);
  });

  it("announce inbox entries, opening them in the inbox", async () => {
    const inbox = (await ann.post<InboxSummary>("/inboxes", { handle: "mail", title: "Mail" })).body.data!;
    const browser = push.subscriber();
    await register(ann, browser, [0]);
    expect((await sendToInbox(t, { handle: "mail", secret: inbox.secret }, { guid: "m1", publishedAt: day(24).toISOString(), title: "A letter" })).status).toBe(200);
    await t.deps.push.notifier.drain();
    const [message] = push.messagesTo(browser);
    expect(message).toMatchObject({ type: "new-entry", feedId: "inbox-mail", title: "Mail", description: "A letter", view: 0 });
    expect(message!.url).toBe(`/timeline/view-0/inbox-mail/${String(message!.entryId)}`);
  });
});
