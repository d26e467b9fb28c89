import { describe, expect, it } from "vitest";
import { asDiscoverableUrl } from "./keyword.ts";
import { primaryLanguage } from "./trending.service.ts";

describe("asDiscoverableUrl", () => {
  it("reads URLs, rsshub:// routes and site names as addresses", () => {
    expect(asDiscoverableUrl("https://example.com/feed.xml")).toBe("https://example.com/feed.xml");
    expect(asDiscoverableUrl("  http://127.0.0.1:8080/rss ")).toBe("http://127.0.0.1:8080/rss");
    expect(asDiscoverableUrl("rsshub://github/trending/daily")).toBe("rsshub://github/trending/daily");
    expect(asDiscoverableUrl("example.com/feed")).toBe("https://example.com/feed");
    expect(asDiscoverableUrl("example.com")).toBe("https://example.com/");
    expect(asDiscoverableUrl("www.example.org")).toBe("https://www.example.org/");
    expect(asDiscoverableUrl("blog.example.dev")).toBe("https://blog.example.dev/");
    expect(asDiscoverableUrl("feed:https://example.com/rss")).toBe("https://example.com/rss");
  });

  it("leaves keywords alone", () => {
    for (const keyword of ["rust", "node.js", "vue.js", "hello world", "c++", "v2.0", "東京"]) expect(asDiscoverableUrl(keyword), keyword).toBeNull();
  });
});

describe("primaryLanguage", () => {
  it("maps language parameters to the primary language feeds declare", () => {
    expect(primaryLanguage(undefined)).toBeUndefined();
    expect(primaryLanguage("all")).toBeUndefined();
    expect(primaryLanguage("en-US")).toBe("en");
    expect(primaryLanguage("eng")).toBe("en");
    expect(primaryLanguage("cmn")).toBe("zh");
    expect(primaryLanguage("zh-CN")).toBe("zh");
    expect(primaryLanguage("ja")).toBe("ja");
  });
});
