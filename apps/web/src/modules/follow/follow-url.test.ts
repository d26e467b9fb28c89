import { describe, expect, it } from "vitest";
import { normaliseFollowUrl, sameFeedUrl } from "./follow-url.ts";

describe("normaliseFollowUrl", () => {
  it.each([
    ["https://example.com/feed.xml", "https://example.com/feed.xml"],
    ["  http://127.0.0.1:8080/rss  ", "http://127.0.0.1:8080/rss"],
    ["rsshub://github/issue/DIYgod/RSSHub", "rsshub://github/issue/DIYgod/RSSHub"],
    ["example.com/feed", "https://example.com/feed"],
    ["http://localhost:3000/feed", "http://localhost:3000/feed"],
  ])("%s → %s", (input, url) => {
    expect(normaliseFollowUrl(input)).toBe(url);
  });

  it.each(["", "news", "ftp://example.com/feed", "javascript:alert(1)", "https://exa mple.com"])("refuses %j", (input) => {
    expect(normaliseFollowUrl(input)).toBeNull();
  });
});

describe("sameFeedUrl", () => {
  it("matches addresses that differ only in form", () => {
    expect(sameFeedUrl("https://Example.com/feed", "https://example.com/feed")).toBe(true);
    expect(sameFeedUrl("https://example.com:443/", "https://example.com")).toBe(true);
    expect(sameFeedUrl("https://example.com/feed", "https://example.com/")).toBe(false);
  });
});
