import { describe, expect, it } from "vitest";
import { normalizeFeedUrl, resolveFetchUrl } from "./feed-url.ts";

describe("feed URLs", () => {
  it.each([
    ["https://Example.COM/feed#top", "https://example.com/feed"],
    ["example.com/rss", "https://example.com/rss"],
    ["  http://example.com  ", "http://example.com/"],
    ["feed://example.com/rss.xml", "https://example.com/rss.xml"],
    ["feed:https://example.com/rss.xml", "https://example.com/rss.xml"],
    ["rsshub://github/issue/DIYgod/RSSHub", "rsshub://github/issue/DIYgod/RSSHub"],
    ["RSSHUB:///twitter/user/x", "rsshub://twitter/user/x"],
  ])("normalises %s", (input, url) => {
    expect(normalizeFeedUrl(input)).toBe(url);
  });

  it.each(["", "javascript:alert(1)", "ftp://example.com/feed", "file:///etc/passwd", "http://"])("refuses %j", (input) => {
    expect(normalizeFeedUrl(input)).toBeNull();
  });

  it("resolves rsshub:// against the configured instance at fetch time only", () => {
    expect(resolveFetchUrl("rsshub://github/issue/a/b?limit=5", "https://hub.example/")).toBe("https://hub.example/github/issue/a/b?limit=5");
    expect(resolveFetchUrl("https://example.com/feed", "https://hub.example")).toBe("https://example.com/feed");
  });
});
