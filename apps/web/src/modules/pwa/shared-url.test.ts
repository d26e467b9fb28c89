import { describe, expect, it } from "vitest";
import { firstHttpUrl, sharedUrl } from "./shared-url.ts";

const share = (fields: Record<string, string>) => sharedUrl(new URLSearchParams(fields));

describe("sharedUrl", () => {
  it.each([
    ["the url field first", { title: "https://title.example/", text: "see https://text.example/", url: "https://url.example/feed.xml" }, "https://url.example/feed.xml"],
    ["a link in the text (Android shares links there)", { title: "A page", text: "Look https://example.com/blog/ here" }, "https://example.com/blog/"],
    ["the first of several links in the text", { text: "http://one.example/a and https://two.example/b" }, "http://one.example/a"],
    ["a link in the title when the text has none", { title: "Read https://example.org/rss", text: "nothing here" }, "https://example.org/rss"],
    ["the text's link when the url field is not a web address", { url: "content://shared/1", text: "https://example.com/feed" }, "https://example.com/feed"],
    ["a link in the url field with words around it", { url: "  https://example.com/feed.xml  " }, "https://example.com/feed.xml"],
  ])("takes %s", (_, fields, expected) => {
    expect(share(fields)).toBe(expected);
  });

  it.each([
    ["nothing at all", {}],
    ["text without a link", { title: "Hello", text: "just words, example.com is not a link" }],
    ["only other schemes", { url: "ftp://example.com/feed", text: "mailto:someone@example.com" }],
    ["a scheme without a host", { text: "look at https:// and http://" }],
  ])("finds no address in %s", (_, fields) => {
    expect(share(fields)).toBeNull();
  });
});

describe("firstHttpUrl", () => {
  it.each([
    ["Read https://example.com/post.", "https://example.com/post"],
    ["(see https://example.com/a), then", "https://example.com/a"],
    ["“https://example.com/quoted”", "https://example.com/quoted"],
    ["https://en.wikipedia.org/wiki/RSS_(format).", "https://en.wikipedia.org/wiki/RSS_(format)"],
    ["https://example.com/search?q=a&b=c#top!", "https://example.com/search?q=a&b=c#top"],
    ["<https://example.com/angle>", "https://example.com/angle"],
    ["HTTPS://EXAMPLE.COM/Loud", "HTTPS://EXAMPLE.COM/Loud"],
  ])("takes the address out of %j without the punctuation around it", (text, expected) => {
    expect(firstHttpUrl(text)).toBe(expected);
  });
});
