// Over 300 lines: the lookup schedule is one story told across restarts, Cache-Control cases and processes.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createRoot, type Root as Deps } from "../../src/root.ts";
import { loadConfig } from "../../src/env.ts";
import { findSiteIcon, iconLinks } from "../../src/fetcher/site-icon.ts";
import type { Clock } from "../../src/lib/clock.ts";
import { createHttpClient, type HttpClient } from "../../src/lib/http/index.ts";
import { createLogger } from "../../src/lib/logger.ts";
import { createTestApp, type TestApp } from "../helpers/app.ts";
import { openTestDatabase } from "../helpers/database.ts";
import { type FeedServer, startFeedServer } from "../helpers/feed-server.ts";
import { ico, png } from "./fixtures.ts";

let server: FeedServer;
let http: HttpClient;
let t: TestApp | undefined;
const html = (head: string) => ({ headers: { "content-type": "text/html; charset=utf-8" }, body: `<!doctype html><html><head><title>Site</title>${head}</head><body><link rel="icon" href="/in-body.png"></body></html>` });

beforeAll(async () => {
  server = await startFeedServer();
  http = createHttpClient({ userAgent: "test", reach: "private-networks", totalTimeoutMs: 3000 });
  const icon = { headers: { "content-type": "image/png" }, body: await png(64, 64) };
  server.set("/one/", html('<link rel="icon" href="/small.png" sizes="16x16"><link rel="apple-touch-icon" href="/touch.png"><link rel="mask-icon" href="/mask.svg">'));
  server.set("/small.png", icon);
  server.set("/touch.png", icon);
  server.set("/two/", html('<link rel="apple-touch-icon" href="/fake.png"><link rel="shortcut icon" href="/two/real.png">'));
  server.set("/fake.png", { headers: { "content-type": "image/png" }, body: "<html>soft 404</html>" });
  server.set("/two/real.png", icon);
  server.set("/three/", html(""));
  server.set("/favicon.ico", { headers: { "content-type": "image/x-icon" }, body: ico([{ png: await png(32, 32), size: 32 }]) });
});
afterAll(async () => {
  http.close();
  await server.close();
});
afterEach(async () => {
  await t?.close();
  t = undefined;
});

describe("iconLinks", () => {
  it("lists the head's icons, largest first, resolved against <base>", () => {
    const page = `<html><head><base href="https://cdn.example.com/assets/">
      <link rel="shortcut icon" href="favicon.ico">
      <link rel="icon" type="image/png" sizes="32x32 16x16" href="/i32.png">
      <link rel="apple-touch-icon-precomposed" href="touch.png">
      <link rel="icon" sizes="192x192" href="https://example.com/i192.png">
      <link rel="icon" href="logo.svg" type="image/svg+xml">
      <link rel="icon" sizes="2048x2048" href="/huge.png">
      <link rel="mask-icon" href="mask.svg" color="#000">
      <link rel="icon" href="javascript:alert(1)">
      <link rel="stylesheet" href="style.css">
      </head><body><link rel="icon" href="late.png"></body></html>`;
    expect(iconLinks(page, "https://example.com/blog/")).toEqual([
      { href: "https://cdn.example.com/assets/logo.svg", size: 512 },
      // Larger than 512 is no better: after every 512, before anything smaller.
      { href: "https://cdn.example.com/huge.png", size: 2048 },
      { href: "https://example.com/i192.png", size: 192 },
      { href: "https://cdn.example.com/assets/touch.png", size: 180 },
      // Equals in the page's order.
      { href: "https://cdn.example.com/assets/favicon.ico", size: 32 },
      { href: "https://cdn.example.com/i32.png", size: 32 },
    ]);
  });
});

describe("findSiteIcon", () => {
  it("takes the largest icon the homepage announces", async () => {
    expect(await findSiteIcon(http, server.url("/one/"))).toEqual({ icon: server.url("/touch.png"), cacheControl: null });
  });

  it("skips an announced icon that is no image", async () => {
    expect((await findSiteIcon(http, server.url("/two/"))).icon).toBe(server.url("/two/real.png"));
  });

  it("falls back to /favicon.ico, and to nothing", async () => {
    expect((await findSiteIcon(http, server.url("/three/"))).icon).toBe(server.url("/favicon.ico"));
    expect((await findSiteIcon(http, server.url("/missing/"))).icon).toBe(server.url("/favicon.ico"));
    const other = await startFeedServer();
    try {
      expect(await findSiteIcon(http, other.url("/"))).toEqual({ icon: null, cacheControl: null });
    } finally {
      await other.close();
    }
  });

  it("reports the homepage's Cache-Control, found or not", async () => {
    server.set("/cached/", { ...html(""), headers: { "content-type": "text/html", "cache-control": "public, max-age=1209600" } });
    expect(await findSiteIcon(http, server.url("/cached/"))).toEqual({ icon: server.url("/favicon.ico"), cacheControl: "public, max-age=1209600" });
  });

  it("never looks on private addresses with the guarded client", async () => {
    const guarded = createHttpClient({ userAgent: "test" });
    try {
      const before = server.hits("/one/");
      expect((await findSiteIcon(guarded, server.url("/one/"))).icon).toBeNull();
      expect(server.hits("/one/")).toBe(before);
    } finally {
      guarded.close();
    }
  });
});

describe("feeds without an image", () => {
  const rss = (link: string, image = "") =>
    `<?xml version="1.0"?><rss version="2.0"><channel><title>T</title><link>${link}</link>${image}<item><guid>1</guid><title>One</title></item></channel></rss>`;

  it("get their site's icon after a refresh; feeds with one keep theirs", async () => {
    server.set("/plain.xml", { body: rss(server.url("/one/")) });
    server.set("/pictured.xml", { body: rss(server.url("/two/"), `<image><url>${server.url("/own.png")}</url><title>T</title><link>${server.url("/two/")}</link></image>`) });
    // 127.0.0.1 stands in for a site on the internet: feeds followed by nobody yet reach public addresses only.
    t = await createTestApp({}, { loopbackIsPublic: true });
    const plain = await t.deps.feeds.resolveFeed(server.url("/plain.xml"));
    await expect.poll(async () => (await t!.deps.feedsRepo.findById(plain.id))?.image, { timeout: 5000 }).toBe(server.url("/touch.png"));

    const before = server.hits("/two/");
    const pictured = await t.deps.feeds.resolveFeed(server.url("/pictured.xml"));
    expect(pictured.image).toBe(server.url("/own.png"));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(server.hits("/two/")).toBe(before);
  });

  it("are left alone with SITE_ICONS=false", async () => {
    server.set("/off.xml", { body: rss(server.url("/three/")) });
    t = await createTestApp({ SITE_ICONS: "false" }, { loopbackIsPublic: true });
    const before = server.hits("/three/");
    const feed = await t.deps.feeds.resolveFeed(server.url("/off.xml"));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(server.hits("/three/")).toBe(before);
    expect((await t.deps.feedsRepo.findById(feed.id))?.image).toBeNull();
  });
});

describe("site-icon lookups, kept with the feed", () => {
  const DAY = 86_400_000;
  const HOUR = 3_600_000;
  /** How long a running lookup's claim holds other processes off. */
  const CLAIM = 5 * 60_000;
  const rss = (link: string) => `<?xml version="1.0"?><rss version="2.0"><channel><title>T</title><link>${link}</link><item><guid>1</guid><title>One</title></item></channel></rss>`;
  const page = (head = "") => `<!doctype html><html><head><title>Home</title>${head}</head><body></body></html>`;
  let site: FeedServer;
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  let now = Date.parse("2026-12-01T00:00:00Z");
  const clock: Clock = { now: () => new Date(now) };
  /** Every request but the feeds': homepages and icons. */
  const ADMIN = { id: "1", email: "admin@example.com", name: "Admin", role: "user" as const, isAdmin: true };
  const lookupRequests = () => site.requests.filter((request) => !request.path.endsWith(".xml")).length;

  beforeAll(async () => {
    site = await startFeedServer();
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await site.close();
    await database.close();
  });

  /** A new process over the same database: what a restart, an upgrade or another worker is. */
  function startProcess(): Deps {
    const config = loadConfig({ NODE_ENV: "test", DATA_DIR: "/nonexistent", PRIVATE_NETWORKS_FOR: "everyone" });
    return createRoot({ config, logger: createLogger({ level: process.env.TEST_LOG_LEVEL ?? "silent" }), database, authSecret: "test-secret-".padEnd(40, "x"), clock });
  }
  async function stopProcess(deps: Deps) {
    await deps.feedReaders.close();
    deps.network.close();
  }

  /** A feed at /<name>.xml whose site is /<name>/, a homepage sent with `cacheControl`; no icon unless `head` links one. */
  async function addFeed(name: string, options: { cacheControl?: string; head?: string } = {}): Promise<string> {
    site.set(`/${name}/`, { headers: { "content-type": "text/html", ...(options.cacheControl ? { "cache-control": options.cacheControl } : {}) }, body: page(options.head) });
    site.set(`/${name}.xml`, { body: rss(site.url(`/${name}/`)) });
    const deps = startProcess();
    try {
      return (await deps.feedsRepo.insertOrGet({ id: deps.ids.next(), url: site.url(`/${name}.xml`) })).id;
    } finally {
      await stopProcess(deps);
    }
  }

  const feedRow = async (deps: Deps, feedId: string) => (await deps.feedsRepo.findById(feedId))!;

  /**
   * Lets the lookup a refresh started, if any, run to its end: it is claimed at once (a loopback
   * lookup takes milliseconds), until CLAIM from now (the clock stands still), and is over when
   * the next one is recorded in its place. `before`: the next lookup as it was before the refresh.
   */
  async function lookupsSettled(deps: Deps, feedId: string, before: number | undefined) {
    const claimed = now + CLAIM;
    await new Promise((resolve) => setTimeout(resolve, 300));
    if (before === claimed) return;
    await expect.poll(async () => (await feedRow(deps, feedId)).siteIconNextCheckAt?.getTime()).not.toBe(claimed);
  }

  /** Refreshes the feed in a new process and answers the lookup requests made. */
  async function refreshInNewProcess(feedId: string): Promise<number> {
    const before = lookupRequests();
    const deps = startProcess();
    try {
      const next = (await feedRow(deps, feedId)).siteIconNextCheckAt?.getTime();
      expect((await deps.feeds.refreshNow(ADMIN, feedId)).result).toMatchObject({ status: "updated" });
      await lookupsSettled(deps, feedId, next);
    } finally {
      await stopProcess(deps);
    }
    return lookupRequests() - before;
  }

  async function nextLookupAt(feedId: string): Promise<number | undefined> {
    const deps = startProcess();
    try {
      return (await feedRow(deps, feedId)).siteIconNextCheckAt?.getTime();
    } finally {
      await stopProcess(deps);
    }
  }

  it("are made by the first refresh, and by none after a restart", async () => {
    const feedId = await addFeed("plain");
    // The homepage, then /favicon.ico: no icon.
    const first = now;
    expect(await refreshInNewProcess(feedId)).toBe(2);
    now += HOUR;
    expect(await refreshInNewProcess(feedId)).toBe(0);
    now += HOUR;
    expect(await refreshInNewProcess(feedId)).toBe(0);
    expect(await nextLookupAt(feedId)).toBe(first + 7 * DAY);
  });

  it("are made again when the feed's site URL changes", async () => {
    const feedId = await addFeed("moving");
    expect(await refreshInNewProcess(feedId)).toBe(2);
    now += HOUR;
    expect(await refreshInNewProcess(feedId)).toBe(0);
    site.set("/moved/", { headers: { "content-type": "text/html" }, body: page() });
    site.set("/moving.xml", { body: rss(site.url("/moved/")) });
    now += HOUR;
    expect(await refreshInNewProcess(feedId)).toBe(2);
    expect(site.hits("/moved/")).toBe(1);
    now += HOUR;
    expect(await refreshInNewProcess(feedId)).toBe(0);
  });

  it.each([
    ["no Cache-Control: a week", undefined, 7 * DAY],
    ["max-age of 2 days", "max-age=172800", 2 * DAY],
    ["max-age of 14 days", "public, max-age=1209600", 14 * DAY],
    ["no-store: a day, not sooner", "no-store", DAY],
    ["max-age of a minute: a day", "max-age=60", DAY],
    ["max-age of a year: 30 days", "max-age=31536000", 30 * DAY],
  ])("are made again when due: %s", async (_, cacheControl, wait) => {
    const feedId = await addFeed(`wait${wait}${cacheControl ?? ""}`.replace(/\W/g, ""), { cacheControl });
    const first = now;
    expect(await refreshInNewProcess(feedId)).toBe(2);
    now = first + wait - HOUR;
    expect(await refreshInNewProcess(feedId)).toBe(0);
    expect(await nextLookupAt(feedId)).toBe(first + wait);
    now = first + wait;
    expect(await refreshInNewProcess(feedId)).toBe(2);
  });

  it("are made by one of several processes refreshing the feed at once", async () => {
    const feedId = await addFeed("shared");
    site.set("/shared/", {
      handle: (_request, response) => setTimeout(() => response.writeHead(200, { "content-type": "text/html" }).end(page()), 150),
    });
    const processes = [startProcess(), startProcess(), startProcess()];
    try {
      await Promise.all(processes.map((deps) => deps.feeds.refreshNow(ADMIN, feedId)));
      await lookupsSettled(processes[0]!, feedId, undefined);
    } finally {
      await Promise.all(processes.map(stopProcess));
    }
    expect(site.hits("/shared/")).toBe(1);
    expect(await nextLookupAt(feedId)).toBe(now + 7 * DAY);
  });

  it("are not taken for 'no icon' when the process stops during one", async () => {
    const feedId = await addFeed("stopping");
    site.set("/stopping/", {
      handle: (_request, response) => setTimeout(() => response.writeHead(200, { "content-type": "text/html" }).end(page()), 1000),
    });
    const deps = startProcess();
    try {
      await deps.feeds.refreshNow(ADMIN, feedId);
      await expect.poll(() => site.hits("/stopping/")).toBe(1);
    } finally {
      await stopProcess(deps);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
    // The claim holds others off for minutes, then the feed is due again.
    site.set("/stopping/", { headers: { "content-type": "text/html" }, body: page() });
    expect(await refreshInNewProcess(feedId)).toBe(0);
    expect(await nextLookupAt(feedId)).toBe(now + CLAIM);
    now += CLAIM;
    expect(await refreshInNewProcess(feedId)).toBe(2);
    expect(await nextLookupAt(feedId)).toBe(now + 7 * DAY);
  });

  it("replace a found icon a week later with the site's new one, never a feed's own image", async () => {
    const icon = { headers: { "content-type": "image/png" }, body: await png(48, 48) };
    site.set("/found/a.png", icon);
    site.set("/found/b.png", icon);
    const feedId = await addFeed("found", { head: '<link rel="icon" href="/found/a.png">' });
    expect(await refreshInNewProcess(feedId)).toBe(2);
    const deps = startProcess();
    try {
      expect((await feedRow(deps, feedId)).image).toBe(site.url("/found/a.png"));
    } finally {
      await stopProcess(deps);
    }
    site.set("/found/", { headers: { "content-type": "text/html" }, body: page('<link rel="icon" href="/found/b.png">') });
    now += 7 * DAY - HOUR;
    expect(await refreshInNewProcess(feedId)).toBe(0);
    now += HOUR;
    expect(await refreshInNewProcess(feedId)).toBe(2);
    const later = startProcess();
    try {
      expect(await feedRow(later, feedId)).toMatchObject({ image: site.url("/found/b.png"), siteIcon: site.url("/found/b.png") });
      // An image of the feed's own (set here as a refresh sets it) is never looked past.
      await later.feedsRepo.update(feedId, { image: site.url("/own.png") });
    } finally {
      await stopProcess(later);
    }
    now += 8 * DAY;
    expect(await refreshInNewProcess(feedId)).toBe(0);
  });
});
