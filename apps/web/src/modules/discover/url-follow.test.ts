import { describe, expect, it } from "vitest";
import { sortNamespaces } from "./categories.ts";
import { withPrefix } from "./url-follow.tsx";

describe("withPrefix", () => {
  it("keeps an address that has its tab's scheme", () => {
    expect(withPrefix("https://example.com/feed", "rss")).toBe("https://example.com/feed");
    expect(withPrefix("http://example.com/feed", "rss")).toBe("http://example.com/feed");
    expect(withPrefix("rsshub://github/activity/a", "rsshub")).toBe("rsshub://github/activity/a");
  });

  it("puts the scheme back when it is deleted or replaced", () => {
    expect(withPrefix("example.com/feed", "rss")).toBe("https://example.com/feed");
    expect(withPrefix("https:/", "rss")).toBe("https://");
    expect(withPrefix("github/activity/a", "rsshub")).toBe("rsshub://github/activity/a");
    expect(withPrefix("https://github/x", "rsshub")).toBe("rsshub://github/x");
  });
});

describe("sortNamespaces", () => {
  it("sorts by name, names in ASCII first", () => {
    const sorted = sortNamespaces([
      ["zhihu", { name: "知乎" }],
      ["bbc", { name: "BBC" }],
      ["apple", { name: "apple" }],
      ["x", { name: "" }],
    ]);
    expect(sorted.map(([key]) => key)).toEqual(["apple", "bbc", "x", "zhihu"]);
  });
});
