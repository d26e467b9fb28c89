import { createHmac } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { ActionRule, ActionsData, InboxSummary, TimelineItem } from "@tidings/contracts";
import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { rowsOf } from "../../src/db/client.ts";
import { createActionsRepo } from "../../src/features/actions/actions.repo.ts";
import { apiAs, type Api } from "../helpers/api.ts";
import { createTestApp, signUp, type TestApp } from "../helpers/app.ts";
import { rssFeed, startFeedServer, type FeedServer } from "../helpers/feed-server.ts";
import { sendToInbox } from "../inboxes/webhook-helpers.ts";
import { unreadCounts } from "../lists/timeline-counts.ts";

let server: FeedServer;
let t: TestApp;
let ann: Api;
let bob: Api;
let annId: string;
let bobId: string;
const day = (n: number) => new Date(Date.UTC(2026, 10, n, 12));
const items = [
  { guid: "r1", title: "Rust 1.99 released", body: "<p>The Rust team ships a new compiler.</p>", date: day(20) },
  { guid: "g1", title: "Go generics in depth", body: "<p>Type parameters, explained by Rust fans.</p>", date: day(21) },
  { guid: "s1", title: "Sponsored: buy now", body: "<p>An advertisement.</p>", date: day(22) },
];

beforeAll(async () => {
  server = await startFeedServer();
});
afterAll(async () => server.close());
beforeEach(async () => {
  server.set("/news.xml", { body: rssFeed({ title: "Dev News", items }) });
  t = await createTestApp({ PRIVATE_NETWORKS_FOR: "everyone", MAX_ACTIONS: "3", MAX_WEBHOOKS_PER_ACTION: "2" });
  const a = await signUp(t, { email: "ann@example.com" });
  const b = await signUp(t, { email: "bob@example.com" });
  [ann, annId, bob, bobId] = [apiAs(t, a.cookie), a.userId, apiAs(t, b.cookie), b.userId];
});
afterEach(async () => t.close());

const rule = (name: string, condition: ActionRule["condition"], result: ActionRule["result"]): ActionRule => ({ name, condition, result });
const titlesOf = async (api: Api) => (await api.post<TimelineItem[]>("/entries", { view: 0, limit: 50 })).body.data!.map((item) => item.entries.title);
const feedId = async () => rowsOf<{ id: string }>(await t.deps.db.execute(sql`SELECT id::text FROM feeds LIMIT 1`))[0]!.id;

describe("Actions API", () => {
  it("keeps a reader's rules whole, in the reference's shape, with a webhook secret", async () => {
    expect((await ann.get<ActionsData>("/actions")).body.data).toEqual({ rules: [], webhookSecret: "", updatedAt: null });
    const rules = [rule("Block ads", [{ field: "entry_title", operator: "contains", value: "sponsored" }] as never, { block: true })];
    const saved = await ann.put<ActionsData>("/actions", { rules });
    expect(saved.status).toBe(200);
    // A flat condition is one group.
    expect(saved.body.data!.rules).toEqual([{ ...rules[0], condition: [[{ field: "entry_title", operator: "contains", value: "sponsored" }]] }]);
    expect(saved.body.data!.webhookSecret).toMatch(/^[\w-]{32}$/);
    const again = await ann.put<ActionsData>("/actions", { rules: [] });
    expect(again.body.data).toMatchObject({ rules: [], webhookSecret: saved.body.data!.webhookSecret });
    expect((await bob.get<ActionsData>("/actions")).body.data!.rules).toEqual([]);
    const configs = (await t.request("/api/status/configs").then((r) => r.json())) as { data: Record<string, unknown> };
    expect(configs.data).toMatchObject({ MAX_ACTIONS: 3, MAX_WEBHOOKS_PER_ACTION: 2 });
  });

  it("refuses bad rules with 1002 naming the term, more than MAX_ACTIONS with 12000, and keeps what was saved", async () => {
    const good = [rule("one", [], { star: true })];
    await ann.put("/actions", { rules: good });
    const bad = async (rules: unknown) => (await ann.put("/actions", { rules })).body;
    expect(await bad([rule("x", [[{ field: "view", operator: "contains", value: "1" }]], {})])).toMatchObject({ code: 1002, reason: expect.stringContaining("operator") });
    expect(await bad([rule("x", [[{ field: "entry_title", operator: "regex", value: "(a+)\\1" }]], {})])).toMatchObject({ code: 1002, reason: expect.stringContaining("rules[0].condition[0][0]") });
    expect(await bad([rule("x", [], { webhooks: ["https://a.example", "https://b.example", "https://c.example"] })])).toMatchObject({ code: 1002 });
    expect(await bad(Array.from({ length: 4 }, (_, i) => rule(`r${i}`, [], {})))).toMatchObject({ code: 12000 });
    expect((await ann.put("/actions", { rules: "nope" })).body.code).toBe(1002);
    expect((await ann.get<ActionsData>("/actions")).body.data!.rules).toEqual(good);
    expect((await t.request("/api/actions")).status).toBe(401);
  });
});

describe("Actions at ingestion", () => {
  it("run per reader: one reader's rules block, silence and star for them only, counts kept right", async () => {
    await ann.put("/actions", {
      rules: [
        rule("Ads", [[{ field: "entry_title", operator: "regex", value: "^sponsored" }]], { block: true }),
        rule("Go is quiet", [[{ field: "entry_title", operator: "contains", value: "go " }]], { silence: true }),
        rule("Star Rust", [[{ field: "entry_content", operator: "contains", value: "rust team" }]], { star: true }),
      ],
    });
    expect((await ann.post("/subscriptions", { url: server.url("/news.xml"), view: 0 })).status).toBe(200);
    expect((await bob.post("/subscriptions", { url: server.url("/news.xml"), view: 0 })).status).toBe(200);
    // Ann followed first: her rules ran on the entries delivered to her when the feed was fetched.
    expect(await titlesOf(ann)).toEqual(["Go generics in depth", "Rust 1.99 released"]);
    expect(await titlesOf(bob)).toEqual(["Sponsored: buy now", "Go generics in depth", "Rust 1.99 released"]);
    const annCounts = await unreadCounts(t, annId);
    expect(annCounts.kept).toEqual(annCounts.truth);
    expect(Object.values(annCounts.kept)).toEqual([1]);
    expect(Object.values((await unreadCounts(t, bobId)).kept)).toEqual([3]);
    const stars = (await ann.post<TimelineItem[]>("/entries", { isCollection: true, view: 0 })).body.data!.map((item) => item.entries.title);
    expect(stars).toEqual(["Rust 1.99 released"]);
    expect((await bob.post<TimelineItem[]>("/entries", { isCollection: true, view: 0 })).body.data).toEqual([]);
  });

  it("run on new entries at each refresh, and on inbox entries", async () => {
    await bob.post("/subscriptions", { url: server.url("/news.xml"), view: 0 });
    await bob.put("/actions", { rules: [rule("Ads", [[{ field: "entry_title", operator: "contains", value: "sponsored" }]], { block: true })] });
    // Saved rules apply to what arrives from now on.
    expect(await titlesOf(bob)).toContain("Sponsored: buy now");
    server.set("/news.xml", { body: rssFeed({ title: "Dev News", items: [{ guid: "s2", title: "Sponsored: more", date: day(23) }, ...items] }) });
    // (The forced refresh is the admin's: Ann, who signed up first.)
    expect((await ann.get(`/feeds/refresh?id=${await feedId()}`)).status).toBe(200);
    const titles = await titlesOf(bob);
    expect(titles).not.toContain("Sponsored: more");
    expect(titles).toContain("Sponsored: buy now");

    const inbox = (await bob.post<InboxSummary>("/inboxes", { handle: "mail", title: "Mail" })).body.data!;
    await sendToInbox(t, { handle: "mail", secret: inbox.secret }, { guid: "m1", publishedAt: day(24).toISOString(), title: "Sponsored mail" });
    await sendToInbox(t, { handle: "mail", secret: inbox.secret }, { guid: "m2", publishedAt: day(24).toISOString(), title: "A letter" });
    const mail = (await bob.post<TimelineItem[]>("/entries/inbox", { inboxId: "mail" })).body.data!.map((item) => item.entries.title);
    expect(mail).toEqual(["A letter"]);
  });
});

describe("Actions when entries are shown", () => {
  it("rewrite titles and content, give settings, hide what they block; apply to existing on demand", async () => {
    await ann.post("/subscriptions", { url: server.url("/news.xml"), view: 0 });
    await ann.put("/actions", {
      rules: [
        rule("Rename", [[{ field: "title", operator: "eq", value: "dev news" }]], {
          titleRewriteRules: [{ from: "Rust", to: "Ferris" }],
          rewriteRules: [{ from: "compiler", to: "<b>tool</b>" }],
          summary: true,
          translation: "ja",
        }),
        rule("Ads", [[{ field: "entry_title", operator: "contains", value: "sponsored" }]], { block: true }),
        rule("Old", [[{ field: "entry_age_hours", operator: "gt", value: "1" }]], { star: true }),
      ],
    });
    // Rules saved now change how entries read, not which are there.
    const page = (await ann.post<TimelineItem[]>("/entries", { view: 0, withContent: true })).body.data!;
    expect(page.map((item) => item.entries.title)).toEqual(["Sponsored: buy now", "Go generics in depth", "Ferris 1.99 released"]);
    expect(page[2]!.settings).toEqual({ summary: true, translation: "ja", star: true });
    const one = (await ann.get<TimelineItem>(`/entries?id=${page[2]!.entries.id}`)).body.data!;
    // A rewrite writes text, never markup.
    expect(one.entries.content).toBe("<p>The Rust team ships a new &lt;b&gt;tool&lt;/b&gt;.</p>");
    // Stars for entries already there only when asked.
    expect((await ann.post<TimelineItem[]>("/entries", { isCollection: true, view: 0 })).body.data).toHaveLength(0);
    const applied = await ann.post<{ matched: number; starred: number; blocked: number }>("/actions/apply");
    expect(applied.body.data).toMatchObject({ matched: 3, starred: 2, blocked: 1 });
    expect((await ann.post<TimelineItem[]>("/entries", { isCollection: true, view: 0 })).body.data).toHaveLength(2);
    expect(await titlesOf(ann)).toEqual(["Go generics in depth", "Ferris 1.99 released"]);
    const counts = await unreadCounts(t, annId);
    expect(counts.kept).toEqual(counts.truth);
  });

  it("preview unsaved rules on the reader's newest entries", async () => {
    await ann.post("/subscriptions", { url: server.url("/news.xml"), view: 0 });
    const preview = await ann.post<{ tried: number; matches: { title: string; rules: string[]; block: boolean }[] }>("/actions/preview", {
      rules: [rule("Rusty", [[{ field: "entry_content", operator: "regex", value: "\\brust\\b" }]], { block: true })],
    });
    expect(preview.body.data!.tried).toBe(3);
    expect(preview.body.data!.matches.map((m) => [m.title, m.rules, m.block])).toEqual([
      ["Go generics in depth", ["Rusty"], true],
      ["Rust 1.99 released", ["Rusty"], true],
    ]);
    expect((await ann.get<ActionsData>("/actions")).body.data!.rules).toEqual([]);
  });
});

describe("Actions' webhooks", () => {
  let receiver: http.Server;
  let received: { headers: http.IncomingHttpHeaders; body: string }[];
  let answers: number[];
  beforeEach(async () => {
    received = [];
    answers = [];
    receiver = http.createServer((request, response) => {
      let body = "";
      request.on("data", (chunk: Buffer) => (body += chunk.toString()));
      request.on("end", () => {
        received.push({ headers: request.headers, body });
        response.writeHead(answers.shift() ?? 204).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  });
  afterEach(() => new Promise<void>((resolve) => receiver.close(() => resolve())));
  const hookUrl = () => `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;

  it("POST matching entries, signed with the reader's secret, retry after a failure, and log every delivery", async () => {
    const saved = await ann.put<ActionsData>("/actions", { rules: [rule("Hook", [[{ field: "entry_title", operator: "contains", value: "rust" }]], { webhooks: [hookUrl()] })] });
    answers = [500];
    await ann.post("/subscriptions", { url: server.url("/news.xml"), view: 0 });
    // What a new subscription brings is not new: no webhook for it. A new entry is.
    expect(await t.deps.webhookSender.drain()).toBe(0);
    server.set("/news.xml", { body: rssFeed({ title: "Dev News", items: [{ guid: "r2", title: "Rust 2.0 released", date: day(23) }, ...items] }) });
    expect((await ann.get(`/feeds/refresh?id=${await feedId()}`)).status).toBe(200);
    expect(await t.deps.webhookSender.drain()).toBe(1);
    expect(received).toHaveLength(1);
    let log = (await ann.get<{ status: string; attempts: number; lastStatus: number; nextAttemptAt: string | null }[]>("/actions/deliveries")).body.data!;
    expect(log).toMatchObject([{ status: "pending", attempts: 1, lastStatus: 500 }]);
    expect(new Date(log[0]!.nextAttemptAt!).getTime()).toBeGreaterThan(Date.now());
    // Its time comes: the retry succeeds.
    await t.deps.db.execute(sql`UPDATE webhook_deliveries SET next_attempt_at = now() - interval '1 second'`);
    expect(await t.deps.webhookSender.drain()).toBe(1);
    log = (await ann.get<{ status: string; attempts: number; lastStatus: number; nextAttemptAt: string | null }[]>("/actions/deliveries")).body.data!;
    expect(log).toMatchObject([{ status: "delivered", attempts: 2, lastStatus: 204, nextAttemptAt: null }]);
    const [first, second] = received;
    expect(second!.body).toBe(first!.body);
    const body = JSON.parse(second!.body) as { event: string; rule: string; entry: { title: string }; feed: { title: string } };
    expect(body).toMatchObject({ event: "entry.matched", rule: "Hook", entry: { title: "Rust 2.0 released" }, feed: { title: "Dev News" } });
    expect(second!.headers["x-tidings-signature"]).toBe(`sha256=${createHmac("sha256", saved.body.data!.webhookSecret).update(second!.body).digest("hex")}`);
    expect(second!.headers["content-type"]).toBe("application/json");
  });

  it("never call an address the private-network policy refuses their reader: not saved, and at delivery failed for good", async () => {
    const closed = await createTestApp();
    try {
      await signUp(closed, { email: "admin@example.com" });
      // Not the first account, so not an administrator: PRIVATE_NETWORKS_FOR=admins keeps her off the LAN.
      const owner = await signUp(closed, { email: "carol@example.com" });
      const carol = apiAs(closed, owner.cookie);
      const refused = await carol.put("/actions", { rules: [rule("Hook", [], { webhooks: [hookUrl()] })] });
      expect(refused).toMatchObject({ status: 403, body: { code: 16000, reason: "127.0.0.1 is on a private network, which this server reaches only for its administrators" } });
      expect((await carol.get<ActionsData>("/actions")).body.data!.rules).toEqual([]);
      // Rules kept from before (a name that now resolves privately, a stricter policy): refused when sent.
      await createActionsRepo(closed.deps.db).save(owner.userId, [rule("Hook", [], { webhooks: [hookUrl()] })], "secret", new Date());
      const created = await carol.post<InboxSummary>("/inboxes", { handle: "carol-in", title: "In" });
      expect(created.body).toMatchObject({ code: 0 });
      const inbox = created.body.data!;
      await sendToInbox(closed, { handle: "carol-in", secret: inbox.secret }, { guid: "x", publishedAt: day(24).toISOString(), title: "Hello" });
      expect(await closed.deps.webhookSender.drain()).toBe(1);
      expect(received).toHaveLength(0);
      const [log] = (await carol.get<{ status: string; lastError: string; nextAttemptAt: string | null }[]>("/actions/deliveries")).body.data!;
      expect(log).toMatchObject({ status: "failed", lastError: "127.0.0.1 is on a private network, which this server reaches only for its administrators" });
    } finally {
      await closed.close();
    }
  });
});
