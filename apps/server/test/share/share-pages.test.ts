import type { FeedSubscription, ListSubscription } from "@tidings/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../helpers/app.ts";
import { HOSTILE_TITLE, metaOf, rootOf, seedShareFixture, type ShareFixture } from "./share-helpers.ts";

/** The instance's public URL (WEB_URL): unset in tests, so the default for port 3000. */
const WEB_URL = "http://localhost:3000";

let t: TestApp;
let f: ShareFixture;

// Share pages only read, so one app serves the whole file; every request is signed out.
beforeAll(async () => {
  t = await createTestApp();
  f = await seedShareFixture(t);
});
afterAll(async () => t.close());

async function page(path: string) {
  const response = await t.request(path);
  return { status: response.status, type: response.headers.get("content-type"), cache: response.headers.get("cache-control"), html: await response.text() };
}

/** The Open Graph and Twitter card tags every share page carries. */
function expectPreviewTags(html: string, expected: { title: string; url: string; image: RegExp; type: string }) {
  expect(metaOf(html, "og:title")).toBe(expected.title);
  expect(metaOf(html, "og:url")).toBe(expected.url);
  expect(metaOf(html, "og:type")).toBe(expected.type);
  expect(metaOf(html, "og:site_name")).toBe("Tidings");
  expect(metaOf(html, "og:image")).toMatch(expected.image);
  expect(metaOf(html, "og:image:width")).toBe("1200");
  expect(metaOf(html, "og:image:height")).toBe("630");
  expect(metaOf(html, "og:description")).toBeTruthy();
  expect(metaOf(html, "twitter:card")).toBe("summary_large_image");
  expect(metaOf(html, "twitter:image")).toBe(metaOf(html, "og:image"));
  expect(metaOf(html, "description")).toBe(metaOf(html, "og:description"));
  expect(html).toContain(`<link rel="canonical" href="${expected.url}" />`);
  // One title and one description: the page's, not the client's defaults.
  expect(html.match(/<title>/g)).toHaveLength(1);
  expect(html.match(/<meta name="description"/g)).toHaveLength(1);
}

describe("share pages, signed out", () => {
  it("renders an entry: preview tags, then its feed, title, author, date and content in the root element", async () => {
    const id = f.entryIds[0]!;
    const { status, type, cache, html } = await page(`/share/entries/${id}`);
    expect(status).toBe(200);
    expect(type).toMatch(/^text\/html/);
    expect(cache).toBe("public, max-age=300");
    expectPreviewTags(html, { title: "Entry 0", url: `${WEB_URL}/share/entries/${id}`, image: new RegExp(`^${WEB_URL}/og/entries/${id}\\?v=\\w`), type: "article" });
    expect(metaOf(html, "og:description")).toBe("Description 0");
    expect(metaOf(html, "article:published_time")).toBe("2026-11-01T12:00:00.000Z");
    expect(html).toContain("<title>Entry 0 · Tidings</title>");
    const root = rootOf(html);
    expect(root).toContain(`data-share-entry="${id}"`);
    expect(root).toContain(`href="/share/feeds/${f.feedId}"`);
    expect(root).toContain("Harbour Notes");
    expect(root).toContain("<p>Content 0</p>");
    expect(root).toContain('<time datetime="2026-11-01T12:00:00.000Z">1 Nov 2026</time>');
  });

  it("escapes a title holding markup, in the head and in the body", async () => {
    const { status, html } = await page(`/share/entries/${f.hostileEntryId}`);
    expect(status).toBe(200);
    expect(html).not.toContain("<script>alert");
    expect(metaOf(html, "og:title")).toBe("&lt;script&gt;alert(&quot;owned&quot;)&lt;/script&gt; Tides &amp; &quot;boats&quot;");
    expect(rootOf(html)).toContain("&lt;script&gt;alert(&quot;owned&quot;)&lt;/script&gt; Tides &amp; &quot;boats&quot;");
    expect(rootOf(html)).toContain("Kim Keeper");
    // The feed's page lists it, escaped too.
    const feedPage = await page(`/share/feeds/${f.feedId}`);
    expect(feedPage.html).not.toContain(HOSTILE_TITLE);
    expect(rootOf(feedPage.html)).toContain("&lt;script&gt;alert");
  });

  it("renders a feed: title, site, description, followers and its newest entries", async () => {
    const { status, html } = await page(`/share/feeds/${f.feedId}`);
    expect(status).toBe(200);
    expectPreviewTags(html, { title: "Harbour Notes", url: `${WEB_URL}/share/feeds/${f.feedId}`, image: new RegExp(`^${WEB_URL}/og/feeds/${f.feedId}\\?v=`), type: "website" });
    expect(metaOf(html, "og:description")).toBe("Ships, tides and the harbour.");
    const root = rootOf(html);
    expect(root).toContain("<h1>Harbour Notes</h1>");
    expect(root).toContain("harbour.example");
    expect(root).toContain("1 follower");
    for (const id of f.entryIds) expect(root).toContain(`href="/share/entries/${id}"`);
    // Link checkers and some previewers ask with HEAD first.
    const head = await t.request(`/share/feeds/${f.feedId}`, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("content-type")).toMatch(/^text\/html/);
  });

  it("renders a list: owner, description, its feeds and its entries", async () => {
    const { status, html } = await page(`/share/lists/${f.listId}`);
    expect(status).toBe(200);
    expectPreviewTags(html, { title: "Sea news", url: `${WEB_URL}/share/lists/${f.listId}`, image: new RegExp(`^${WEB_URL}/og/lists/${f.listId}\\?v=`), type: "website" });
    const root = rootOf(html);
    expect(root).toContain(`List by <a href="/share/users/${f.ann.userId}">Ann Curator</a>`);
    expect(root).toContain("Tides and the harbour, hand-picked.");
    expect(root).toContain(`href="/share/feeds/${f.feedId}"`);
    expect(root).toContain(`href="/share/entries/${f.entryIds[0]}"`);
  });

  it("renders a person by id, @handle and /u/handle: profile and public subscriptions, never private ones", async () => {
    for (const path of [`/share/users/${f.ann.userId}`, "/share/users/@ann", "/share/users/@ANN", "/u/ann"]) {
      const { status, html } = await page(path);
      expect(status, path).toBe(200);
      expectPreviewTags(html, { title: "Ann Curator (@ann)", url: `${WEB_URL}/share/users/${f.ann.userId}`, image: new RegExp(`^${WEB_URL}/og/users/${f.ann.userId}\\?v=`), type: "profile" });
      expect(metaOf(html, "profile:username")).toBe("ann");
      const root = rootOf(html);
      expect(root).toContain("Reads about the sea.");
      expect(root).toContain(`href="/share/feeds/${f.feedId}"`);
      expect(root).toContain(`href="/share/lists/${f.listId}"`);
      expect(root).not.toContain("Secret Garden");
      expect(html).not.toContain("ann@example.com");
    }
  });

  it("answers 404, with a page, for an inbox entry, unknown or malformed ids and unknown handles", async () => {
    const paths = [
      `/share/entries/${f.inboxEntryId}`,
      "/share/entries/1000000000000000000",
      "/share/entries/not-an-id",
      "/share/feeds/1000000000000000000",
      "/share/lists/1000000000000000000",
      "/share/users/nobody",
      "/share/users/@nobody",
      "/u/nobody",
    ];
    for (const path of paths) {
      const { status, type, html } = await page(path);
      expect(status, path).toBe(404);
      expect(type).toMatch(/^text\/html/);
      expect(rootOf(html)).toContain("Nothing here");
      expect(metaOf(html, "robots")).toBe("noindex");
      expect(metaOf(html, "og:image")).toBeNull();
    }
    expect((await page(`/share/entries/${f.inboxEntryId}`)).html).not.toContain("Private letter");
  });
});

describe("GET /api/share/:kind/:id", () => {
  const json = async (path: string) => {
    const response = await t.request(path);
    return { status: response.status, body: (await response.json()) as { code: number; data?: Record<string, unknown> } };
  };

  it("answers the public data of each kind without a session", async () => {
    const entry = await json(`/api/share/entries/${f.entryIds[0]}`);
    expect(entry).toMatchObject({ status: 200, body: { code: 0, data: { entry: { id: f.entryIds[0], title: "Entry 0", content: "<p>Content 0</p>" }, feed: { id: f.feedId, title: "Harbour Notes" }, subscriptionCount: 1 } } });
    const feed = await json(`/api/share/feeds/${f.feedId}`);
    expect(feed.body.data).toMatchObject({ feed: { id: f.feedId }, analytics: { subscriptionCount: 1 }, subscriptionCount: 1 });
    expect((feed.body.data!.entries as unknown[]).length).toBe(3);
    const list = await json(`/api/share/lists/${f.listId}`);
    expect(list.body.data).toMatchObject({ list: { id: f.listId, title: "Sea news", owner: { id: f.ann.userId, name: "Ann Curator" }, feedIds: [f.feedId] }, feedCount: 1, subscriptionCount: 1 });
    expect((list.body.data!.entries as { read: unknown }[])[0]).toMatchObject({ read: null });
    const user = await json("/api/share/users/@ann");
    const subscriptions = user.body.data!.subscriptions as (FeedSubscription | ListSubscription)[];
    expect(user.body.data!.user).toMatchObject({ id: f.ann.userId, handle: "ann" });
    expect(subscriptions.map((s) => ("feedId" in s ? s.feedId : s.listId)).sort()).toEqual([f.feedId, f.listId].sort());
    expect(JSON.stringify(user.body)).not.toContain("@example.com");
  });

  it("answers each kind's not-found code for what is missing or private, 404 for an unknown kind", async () => {
    expect(await json(`/api/share/entries/${f.inboxEntryId}`)).toMatchObject({ status: 404, body: { code: 3000 } });
    expect(await json("/api/share/feeds/1000000000000000000")).toMatchObject({ status: 404, body: { code: 2001 } });
    expect(await json("/api/share/lists/1000000000000000000")).toMatchObject({ status: 404, body: { code: 8000 } });
    expect(await json("/api/share/users/nobody")).toMatchObject({ status: 404, body: { code: 6000 } });
    expect(await json(`/api/share/inboxes/${f.inboxEntryId}`)).toMatchObject({ status: 404, body: { code: 1002 } });
  });
});
