import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { findSiteIcon, iconLinks } from "../../src/fetcher/site-icon.ts";
import { createHttpClient, type HttpClient } from "../../src/lib/http/index.ts";
import { createTestApp, type TestApp } from "../helpers/app.ts";
import { type FeedServer, startFeedServer } from "../helpers/feed-server.ts";
import { ico, png } from "./fixtures.ts";

let server: FeedServer;
let http: HttpClient;
let t: TestApp | undefined;
const html = (head: string) => ({ headers: { "content-type": "text/html; charset=utf-8" }, body: `<!doctype html><html><head><title>Site</title>${head}</head><body><link rel="icon" href="/in-body.png"></body></html>` });

beforeAll(async () => {
  server = await startFeedServer();
  http = createHttpClient({ userAgent: "test", allowPrivateNetworks: true, totalTimeoutMs: 3000 });
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
    expect(await findSiteIcon(http, server.url("/one/"))).toBe(server.url("/touch.png"));
  });

  it("skips an announced icon that is no image", async () => {
    expect(await findSiteIcon(http, server.url("/two/"))).toBe(server.url("/two/real.png"));
  });

  it("falls back to /favicon.ico, and to nothing", async () => {
    expect(await findSiteIcon(http, server.url("/three/"))).toBe(server.url("/favicon.ico"));
    expect(await findSiteIcon(http, server.url("/missing/"))).toBe(server.url("/favicon.ico"));
    const other = await startFeedServer();
    try {
      expect(await findSiteIcon(http, other.url("/"))).toBeNull();
    } finally {
      await other.close();
    }
  });

  it("never looks on private addresses with the guarded client", async () => {
    const guarded = createHttpClient({ userAgent: "test", allowPrivateNetworks: false });
    try {
      const before = server.hits("/one/");
      expect(await findSiteIcon(guarded, server.url("/one/"))).toBeNull();
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
    t = await createTestApp({ FETCH_ALLOW_PRIVATE_NETWORKS: "true" });
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
    t = await createTestApp({ FETCH_ALLOW_PRIVATE_NETWORKS: "true", SITE_ICONS: "false" });
    const before = server.hits("/three/");
    const feed = await t.deps.feeds.resolveFeed(server.url("/off.xml"));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(server.hits("/three/")).toBe(before);
    expect((await t.deps.feedsRepo.findById(feed.id))?.image).toBeNull();
  });
});
