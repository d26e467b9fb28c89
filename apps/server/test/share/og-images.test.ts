import { Resvg } from "@resvg/resvg-js";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { entries, feeds } from "../../src/db/schema/index.ts";
import { createTestApp, type TestApp } from "../helpers/app.ts";
import { startFeedServer, type FeedServer } from "../helpers/feed-server.ts";
import { seedFeed } from "../helpers/seed.ts";
import { pngSize, seedShareFixture, type ShareFixture } from "./share-helpers.ts";

let t: TestApp;
let f: ShareFixture;
let pictures: FeedServer;

/** A 16×16 blue square: the picture of a feed. */
const PICTURE = new Resvg('<svg xmlns="http://www.w3.org/2000/svg" width="16" height="16"><rect width="16" height="16" fill="#0af"/></svg>').render().asPng();

beforeAll(async () => {
  t = await createTestApp();
  f = await seedShareFixture(t);
  pictures = await startFeedServer();
  pictures.set("/icon.png", { headers: { "content-type": "image/png" }, body: PICTURE });
});
afterAll(async () => {
  await t.close();
  await pictures.close();
});

async function image(app: TestApp, path: string, headers: Record<string, string> = {}) {
  const started = performance.now();
  const response = await app.request(path, { headers });
  const bytes = Buffer.from(await response.arrayBuffer());
  return { status: response.status, ms: performance.now() - started, bytes, type: response.headers.get("content-type"), cache: response.headers.get("cache-control"), etag: response.headers.get("etag") };
}

describe("GET /og/:kind/:id", () => {
  it("draws a 1200×630 PNG for an entry, a feed, a list and a person", async () => {
    for (const path of [`/og/entries/${f.entryIds[0]}`, `/og/feeds/${f.feedId}`, `/og/lists/${f.listId}`, `/og/users/${f.ann.userId}`, "/og/users/@ann", `/og/feeds/${f.feedId}.png`]) {
      const answer = await image(t, path);
      expect(answer.status, path).toBe(200);
      expect(answer.type).toBe("image/png");
      expect(answer.cache).toBe("public, max-age=3600");
      expect(pngSize(answer.bytes)).toEqual({ width: 1200, height: 630 });
    }
  });

  // That it is drawn once is og-images.test.ts' (a counting renderer): a timing says nothing on a loaded machine.
  it("answers a repeated request the same, and 304 to its ETag", async () => {
    const path = `/og/entries/${f.entryIds[1]}`;
    const first = await image(t, path);
    const again = await image(t, path);
    expect(again.bytes.equals(first.bytes)).toBe(true);
    expect(again.etag).toBe(first.etag);
    const unchanged = await t.request(path, { headers: { "if-none-match": first.etag! } });
    expect(unchanged.status).toBe(304);
  });

  it("is immutable under the versioned URL a page gives, and drawn again when the entry changes", async () => {
    const page = await (await t.request(`/share/entries/${f.entryIds[1]}`)).text();
    const url = new URL(/<meta property="og:image" content="([^"]+)"/.exec(page)![1]!.replaceAll("&amp;", "&"));
    const versioned = await image(t, url.pathname + url.search);
    expect(versioned.cache).toBe("public, max-age=31536000, immutable");
    await t.deps.db.update(entries).set({ title: "A new title", updatedAt: new Date() }).where(eq(entries.id, f.entryIds[1]!));
    const redrawn = await image(t, url.pathname);
    expect(redrawn.etag).not.toBe(versioned.etag);
    expect(redrawn.bytes.equals(versioned.bytes)).toBe(false);
  });

  it("draws Chinese and Japanese titles (and drops the emoji no font has) without failing", async () => {
    const { feedId, entryIds } = await seedFeed(t, { count: 1, title: "海岸时报" });
    await t.deps.db.update(entries).set({ title: "最后的灯塔看守人：北方之光的故事 🌊 日本語のテキスト", description: "关于北方之光最后一位看守人的简短介绍。" }).where(eq(entries.id, entryIds[0]!));
    for (const path of [`/og/entries/${entryIds[0]}`, `/og/feeds/${feedId}`]) {
      const answer = await image(t, path);
      expect(answer.status, path).toBe(200);
      expect(pngSize(answer.bytes)).toEqual({ width: 1200, height: 630 });
    }
  });

  it("answers 404 for an inbox entry, an unknown id and an unknown kind", async () => {
    expect((await image(t, `/og/entries/${f.inboxEntryId}`)).status).toBe(404);
    expect((await image(t, "/og/lists/1000000000000000000")).status).toBe(404);
    expect((await image(t, `/og/inboxes/${f.feedId}`)).status).toBe(404);
  });

  it("fetches a feed's picture from public addresses only (whatever PRIVATE_NETWORKS_FOR says), embedded once", async () => {
    const { feedId } = await seedFeed(t, { count: 1, title: "Pictured" });
    await t.deps.db.update(feeds).set({ image: pictures.url("/icon.png") }).where(eq(feeds.id, feedId));
    const badge = await image(t, `/og/feeds/${feedId}`);
    expect(badge.status).toBe(200);
    // The test server is on the loopback interface: a public page's picture never comes from there.
    expect(pictures.hits("/icon.png")).toBe(0);
    const everyone = await createTestApp({ PRIVATE_NETWORKS_FOR: "everyone" });
    try {
      const { feedId: lanFeedId } = await seedFeed(everyone, { count: 1, title: "Pictured" });
      await everyone.deps.db.update(feeds).set({ image: pictures.url("/icon.png") }).where(eq(feeds.id, lanFeedId));
      expect((await image(everyone, `/og/feeds/${lanFeedId}`)).status).toBe(200);
      expect(pictures.hits("/icon.png")).toBe(0);
    } finally {
      await everyone.close();
    }

    // 127.0.0.1 standing in for a public host: fetched.
    const open = await createTestApp({}, { loopbackIsPublic: true });
    try {
      const { feedId: openFeedId } = await seedFeed(open, { count: 1, title: "Pictured" });
      await open.deps.db.update(feeds).set({ image: pictures.url("/icon.png") }).where(eq(feeds.id, openFeedId));
      const pictured = await image(open, `/og/feeds/${openFeedId}`);
      expect(pictured.status).toBe(200);
      expect(pictures.hits("/icon.png")).toBe(1);
      expect(pictured.bytes.equals(badge.bytes)).toBe(false);
      // A new version of the feed is drawn again, with the picture it already has.
      await open.deps.db.update(feeds).set({ description: "Now described", updatedAt: new Date(Date.now() + 1000) }).where(eq(feeds.id, openFeedId));
      expect((await image(open, `/og/feeds/${openFeedId}`)).status).toBe(200);
      expect(pictures.hits("/icon.png")).toBe(1);
    } finally {
      await open.close();
    }
  });
});
