import { describe, expect, it } from "vitest";
import { alternateFeedLinks } from "./html-links.ts";

describe("alternateFeedLinks", () => {
  it("finds RSS, Atom and JSON alternates with titles, resolved against <base>", () => {
    const html = `<html><head><base href="https://cdn.example/site/">
      <link rel="alternate" type="application/rss+xml" title="Posts" href="feed.xml">
      <link rel="Alternate" type="application/atom+xml" href="/atom.xml">
      <link rel="alternate" type="application/feed+json" title="JSON" href="https://example.com/feed.json">
      <link rel="alternate" hreflang="fr" href="/fr/">
      <link rel="stylesheet" type="text/css" href="s.css">
      <link rel="alternate" type="application/rss+xml" title="Posts again" href="feed.xml">
      </head><body><link rel="alternate" type="application/rss+xml" href="/late.xml"></body></html>`;
    expect(alternateFeedLinks(html, "https://example.com/")).toEqual([
      { href: "https://cdn.example/site/feed.xml", title: "Posts" },
      { href: "https://cdn.example/atom.xml", title: null },
      { href: "https://example.com/feed.json", title: "JSON" },
    ]);
  });
});
