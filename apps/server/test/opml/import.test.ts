import type { FeedSubscription, TimelineItem } from "@tidings/contracts";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { entries, feeds } from "../../src/db/schema/index.ts";
import { apiAs, type Api } from "../helpers/api.ts";
import { createTestApp, signUp, type TestApp } from "../helpers/app.ts";
import { rssFeed, startFeedServer, type FeedServer } from "../helpers/feed-server.ts";
import { feedOutline, importOpml, opml } from "./opml-helpers.ts";

let server: FeedServer;
let t: TestApp;
let ann: { cookie: string; userId: string; api: Api };
let bob: { cookie: string; userId: string; api: Api };

const feedPaths = ["/a.xml", "/b.xml", "/c.xml", "/d.xml"];

beforeAll(async () => {
  server = await startFeedServer();
  for (const path of feedPaths) {
    const name = path.slice(1, 2).toUpperCase();
    server.set(path, { body: rssFeed({ title: `Feed ${name}`, items: [{ guid: `${name}1`, title: `${name} one` }, { guid: `${name}2`, title: `${name} two` }] }) });
  }
});
afterAll(async () => server.close());
beforeEach(async () => {
  t = await createTestApp({ PRIVATE_NETWORKS_FOR: "everyone" });
  const a = await signUp(t, { email: "ann@example.com" });
  const b = await signUp(t, { email: "bob@example.com" });
  ann = { ...a, api: apiAs(t, a.cookie) };
  bob = { ...b, api: apiAs(t, b.cookie) };
});
afterEach(async () => t.close());

/** The caller's feed subscriptions, by address (imported ones share their creation time). */
const subscriptionsOf = async (api: Api) =>
  ((await api.get<FeedSubscription[]>("/subscriptions")).body.data ?? [])
    .map((s) => ({ url: s.feeds.url, view: s.view, category: s.category, title: s.title }))
    .sort((a, b) => a.url.localeCompare(b.url));

/** The counts agree with the timeline: rebuilding them from it changes nothing. */
async function expectCountsConsistent(userId: string, api: Api) {
  const before = (await api.get("/reads")).body.data;
  await t.deps.timeline.recount(userId);
  expect((await api.get("/reads")).body.data).toEqual(before);
}

describe("POST /subscriptions/import", () => {
  it("answers successful, conflicting and unusable items, subscribes without fetching, then the scheduler fetches", async () => {
    expect((await ann.api.post("/subscriptions", { url: server.url("/a.xml"), view: 0 })).status).toBe(200);
    const hitsBefore = feedPaths.map((path) => server.hits(path));
    const file = opml(`
      <outline text="News">
        ${feedOutline(server.url("/a.xml"), "Feed A")}
        ${feedOutline(server.url("/b.xml"), "Feed B")}
        <outline text="Deep">${feedOutline(server.url("/c.xml"), "Feed C")}</outline>
      </outline>
      ${feedOutline("javascript:alert(1)", "Evil")}
      <outline type="rss" text="Nowhere"/>
      ${feedOutline(server.url("/b.xml"), "Feed B again")}
      ${feedOutline(server.url("/d.xml"), "Feed D", 'category="/Tagged"')}`);
    const answer = await importOpml(t, ann.cookie, file, { view: "2" });
    expect(answer.status).toBe(200);
    expect(answer.body.code).toBe(0);
    const data = answer.body.data!;
    expect(data.successfulItems.map((feed) => [feed.url, feed.title])).toEqual([
      [server.url("/b.xml"), "Feed B"],
      [server.url("/c.xml"), "Feed C"],
      [server.url("/d.xml"), "Feed D"],
    ]);
    expect(data.successfulItems[0]).toMatchObject({ type: "feed", id: expect.stringMatching(/^\d+$/), errorMessage: null });
    expect(data.conflictItems.map((feed) => [feed.url, feed.title])).toEqual([
      [server.url("/a.xml"), "Feed A"],
      [server.url("/b.xml"), "Feed B"],
    ]);
    expect(data.parsedErrorItems).toEqual([
      { url: "javascript:alert(1)", title: "Evil", reason: expect.stringContaining("Not a feed address") },
      { title: "Nowhere", reason: expect.stringContaining("no feed address") },
    ]);
    // Answered without fetching anything.
    expect(feedPaths.map((path) => server.hits(path))).toEqual(hitsBefore);
    expect(await subscriptionsOf(ann.api)).toEqual([
      { url: server.url("/a.xml"), view: 0, category: null, title: null },
      { url: server.url("/b.xml"), view: 2, category: "News", title: null },
      { url: server.url("/c.xml"), view: 2, category: "News / Deep", title: null },
      { url: server.url("/d.xml"), view: 2, category: "Tagged", title: null },
    ]);

    const drained = await t.deps.scheduler.drain();
    expect(drained.failed).toBe(0);
    for (const path of ["/b.xml", "/c.xml", "/d.xml"]) expect(server.hits(path)).toBeGreaterThan(0);
    const timeline = await ann.api.post<TimelineItem[]>("/entries", { view: 2 });
    expect(timeline.body.data!.map((item) => item.entries.title).sort()).toEqual(["B one", "B two", "C one", "C two", "D one", "D two"]);
    const counts = (await ann.api.get<Record<string, number>>("/reads?view=2")).body.data!;
    expect(Object.values(counts)).toEqual([2, 2, 2]);
    await expectCountsConsistent(ann.userId, ann.api);
    const feed = await t.deps.feedsRepo.findByUrl(server.url("/b.xml"));
    expect(feed).toMatchObject({ title: "Feed B", subscriptionCount: 1 });
  });

  it("gives a feed that already has entries to the importer at once; another user's subscriptions neither conflict nor change", async () => {
    await ann.api.post("/subscriptions", { url: server.url("/a.xml"), view: 1, category: "Ann's", isPrivate: true });
    const answer = await importOpml(t, bob.cookie, opml(`<outline text="Bob's">${feedOutline(server.url("/a.xml"), "Renamed A")}</outline>`));
    expect(answer.body.data).toMatchObject({ successfulItems: [{ url: server.url("/a.xml"), title: "Feed A" }], conflictItems: [], parsedErrorItems: [] });
    // The outline's other title is kept as Bob's own title for the feed.
    expect(await subscriptionsOf(bob.api)).toEqual([{ url: server.url("/a.xml"), view: 0, category: "Bob's", title: "Renamed A" }]);
    const timeline = await bob.api.post<TimelineItem[]>("/entries", { view: 0 });
    expect(timeline.body.data!.map((item) => item.entries.title)).toEqual(["A one", "A two"]);
    await expectCountsConsistent(bob.userId, bob.api);
    expect(await subscriptionsOf(ann.api)).toEqual([{ url: server.url("/a.xml"), view: 1, category: "Ann's", title: null }]);
    expect((await t.deps.feedsRepo.findByUrl(server.url("/a.xml")))!.subscriptionCount).toBe(2);
  });

  it("answers 14000 for a file that is no OPML or holds no feed", async () => {
    const files = ["", "hello", "<html><body>Not OPML</body></html>", rssFeed({ items: [] }), opml(""), opml('<outline text="Empty folder"/>')];
    for (const file of files) {
      const answer = await importOpml(t, ann.cookie, file);
      expect(answer, JSON.stringify(file)).toMatchObject({ status: 400, body: { code: 14000, message: "Invalid file" } });
    }
    expect(await subscriptionsOf(ann.api)).toEqual([]);
  });

  it("answers 14001 for a file over 5 MB", async () => {
    const file = opml(`${feedOutline("https://a.example/feed", "A")}<!-- ${"x".repeat(5 * 1024 * 1024)} -->`);
    expect(await importOpml(t, ann.cookie, file)).toMatchObject({ status: 413, body: { code: 14001, message: "File too large" } });
    expect(await subscriptionsOf(ann.api)).toEqual([]);
  });

  it("answers 1002 without a file field or with a bad view, 1000 without a session", async () => {
    const form = new FormData();
    form.set("view", "0");
    const noFile = await t.request("/api/subscriptions/import", { method: "POST", body: form, cookie: ann.cookie });
    expect(noFile.status).toBe(400);
    expect(await noFile.json()).toMatchObject({ code: 1002, reason: expect.stringContaining("file") });
    const json = await t.request("/api/subscriptions/import", { json: { file: "x" }, cookie: ann.cookie });
    expect(json.status).toBe(400);
    expect(await json.json()).toMatchObject({ code: 1002 });
    const file = opml(feedOutline("https://a.example/feed", "A"));
    expect(await importOpml(t, ann.cookie, file, { view: "9" })).toMatchObject({ status: 400, body: { code: 1002 } });
    expect(await importOpml(t, null, file)).toMatchObject({ status: 401, body: { code: 1000 } });
    expect(await subscriptionsOf(ann.api)).toEqual([]);
  });

  // How fast is bench:follow's figure; the bound here only catches a pathological import (a
  // fetch or a round trip per outline), with room for a loaded machine running two test files.
  it("imports 1000 outlines in one request, without fetching them", async () => {
    const folders = Array.from({ length: 10 }, (_, f) => {
      const feeds = Array.from({ length: 100 }, (_, i) => feedOutline(`https://feeds${f}.example/feed/${i}.xml`, `Feed ${f}-${i}`, `htmlUrl="https://feeds${f}.example/"`));
      return `<outline text="Folder ${f}">${feeds.join("")}</outline>`;
    });
    const started = performance.now();
    const answer = await importOpml(t, ann.cookie, opml(folders.join("")));
    const elapsed = performance.now() - started;
    expect(answer.status).toBe(200);
    expect(answer.body.data!.successfulItems).toHaveLength(1000);
    expect(elapsed).toBeLessThan(20_000);
    const subscriptions = await subscriptionsOf(ann.api);
    expect(subscriptions).toHaveLength(1000);
    expect(new Set(subscriptions.map((s) => s.category)).size).toBe(10);
    expect(await t.deps.feedsRepo.countDue(new Date(Date.now() + 1000))).toBe(1000);
  });
});

describe("importing known feeds", () => {
  it("backfills 1000 feeds that already have entries, fewer entries per feed, in one request", async () => {
    const urls: string[] = [];
    for (let start = 0; start < 1000; start += 100) {
      const rows = Array.from({ length: 100 }, (_, i) => ({ id: t.deps.ids.next(), url: `https://known${start + i}.example/feed`, title: `Known ${start + i}` }));
      await t.deps.db.insert(feeds).values(rows);
      urls.push(...rows.map((row) => row.url));
      const entryRows = rows.flatMap((feed) => Array.from({ length: 15 }, (_, j) => ({ id: t.deps.ids.next(), feedId: feed.id, guid: `g${j}`, publishedAt: new Date(Date.now() - j * 60_000) })));
      await t.deps.db.insert(entries).values(entryRows);
    }
    const started = performance.now();
    const answer = await importOpml(t, ann.cookie, opml(urls.map((url, i) => feedOutline(url, `Known ${i}`)).join("")));
    const elapsed = performance.now() - started;
    expect(answer.body.data!.successfulItems).toHaveLength(1000);
    expect(elapsed).toBeLessThan(20_000);
    // 1000 known feeds: 10 entries each (importBackfillDepth), counted.
    const counts = (await ann.api.get<Record<string, number>>("/reads")).body.data!;
    expect(Object.keys(counts)).toHaveLength(1000);
    expect(new Set(Object.values(counts))).toEqual(new Set([10]));
    await expectCountsConsistent(ann.userId, ann.api);
  });
});

describe("import limits", () => {
  it("turns items beyond the trial limit (1100) or the subscription limit (2011) into parsed errors", async () => {
    const limited = await createTestApp({ INVITATIONS_REQUIRED: "true", TRIAL_MAX_FEED_SUBSCRIPTIONS: "2", MAX_SUBSCRIPTIONS: "3" });
    try {
      const admin = await signUp(limited, { email: "admin@example.com" });
      const trial = await signUp(limited, { email: "trial@example.com" });
      const file = opml(["a", "b", "c", "d", "e"].map((name) => feedOutline(`https://${name}.example/feed`, name.toUpperCase())).join(""));
      const asTrial = (await importOpml(limited, trial.cookie, file)).body.data!;
      expect(asTrial.successfulItems.map((feed) => feed.url)).toEqual(["https://a.example/feed", "https://b.example/feed"]);
      expect(asTrial.parsedErrorItems).toEqual(
        ["c", "d", "e"].map((name) => ({ url: `https://${name}.example/feed`, title: name.toUpperCase(), reason: "Trial user max feed subscription exceeded" })),
      );
      const asAdmin = (await importOpml(limited, admin.cookie, file)).body.data!;
      expect(asAdmin.successfulItems).toHaveLength(3);
      expect(asAdmin.parsedErrorItems.map((item) => item.reason)).toEqual(["Subscription limit exceeded", "Subscription limit exceeded"]);
      // Once full, conflicts are still conflicts.
      const again = (await importOpml(limited, admin.cookie, file)).body.data!;
      expect([again.successfulItems.length, again.conflictItems.length, again.parsedErrorItems.length]).toEqual([0, 3, 2]);
    } finally {
      await limited.close();
    }
  });
});
