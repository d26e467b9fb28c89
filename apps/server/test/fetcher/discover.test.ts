import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DiscoverDeps, DiscoveryError, discoverFeeds } from "../../src/fetcher/discover/discover.ts";
import { resolveFetchUrl } from "../../src/content/feed-url.ts";
import { createHttpClient, type HttpClient } from "../../src/lib/http/index.ts";
import { rssFeed, startFeedServer, type FeedServer } from "../helpers/feed-server.ts";

describe("discoverFeeds", () => {
  let server: FeedServer;
  let http: HttpClient;
  let deps: DiscoverDeps;
  beforeAll(async () => {
    server = await startFeedServer();
    http = createHttpClient({ userAgent: "test", reach: "private-networks", totalTimeoutMs: 3000 });
    deps = { http, rsshub: (route) => http.request({ url: resolveFetchUrl(route, server.url("/hub")) }) };
    server.set("/feed.xml", { body: rssFeed({ title: "Site feed", items: [{ guid: "1", title: "One" }] }) });
    server.set("/comments.xml", { body: rssFeed({ title: "Comments", items: [] }) });
    server.set("/broken.xml", { body: "<html>not a feed</html>", headers: { "content-type": "text/html" } });
    const html = (head: string) => ({ headers: { "content-type": "text/html; charset=utf-8" }, body: `<html><head>${head}</head><body>Hi</body></html>` });
    server.set("/", html(`<link rel="alternate" type="application/rss+xml" title="Posts" href="/feed.xml"><link rel="alternate" type="application/rss+xml" title="Comments" href="/comments.xml"><link rel="alternate" type="application/rss+xml" href="/broken.xml">`));
    server.set("/plain", html(""));
    server.set("/hub/github/issue/a/b", { body: rssFeed({ title: "Issues", items: [] }) });
  });
  afterAll(async () => {
    http.close();
    await server.close();
  });

  it("gives a feed URL's own feed, with its title and view", async () => {
    const found = await discoverFeeds(deps, server.url("/feed.xml"));
    expect(found.map((f) => ({ url: f.url, title: f.title, view: f.view }))).toEqual([{ url: server.url("/feed.xml"), title: "Site feed", view: 0 }]);
  });

  it("gives the feeds an HTML page links, skipping links that are not feeds", async () => {
    const found = await discoverFeeds(deps, server.url("/"));
    expect(found.map((f) => [f.url, f.title])).toEqual([
      [server.url("/feed.xml"), "Site feed"],
      [server.url("/comments.xml"), "Comments"],
    ]);
  });

  it("tries well-known paths when the page links no feed", async () => {
    const found = await discoverFeeds(deps, server.url("/plain"));
    expect(found.map((f) => f.url)).toEqual([server.url("/feed.xml")]);
  });

  it("resolves rsshub:// routes against the configured instance and keeps the rsshub:// URL", async () => {
    const found = await discoverFeeds(deps, "rsshub://github/issue/a/b");
    expect(found.map((f) => [f.url, f.title])).toEqual([["rsshub://github/issue/a/b", "Issues"]]);
  });

  it("says why when there is nothing", async () => {
    await expect(discoverFeeds(deps, "javascript:alert(1)")).rejects.toMatchObject({ reason: "invalid-url" });
    await expect(discoverFeeds(deps, server.url("/missing"))).rejects.toMatchObject({ reason: "fetch-failed" });
    server.set("/feed.xml", { status: 404 });
    await expect(discoverFeeds(deps, server.url("/plain"))).rejects.toBeInstanceOf(DiscoveryError);
    server.set("/feed.xml", { body: rssFeed({ title: "Site feed", items: [{ guid: "1", title: "One" }] }) });
  });

  it("leaves a refused private address to the private-network policy to answer", async () => {
    const guarded = createHttpClient({ userAgent: "test" });
    await expect(discoverFeeds({ http: guarded, rsshub: (route) => guarded.request({ url: resolveFetchUrl(route, "https://rsshub.app") }) }, server.url("/feed.xml"))).rejects.toMatchObject({ name: "FetchError", kind: "private-address" });
    guarded.close();
  });
});
