import { parseOpml } from "feedsmith";
import { describe, expect, it } from "vitest";
import { importBackfillDepth, planImport } from "./opml-import-plan.ts";
import { readOpml } from "./opml-read.ts";
import { type ExportedFeed, writeOpml } from "./opml-write.ts";

const now = new Date("2026-11-01T12:00:00Z");
const feeds: ExportedFeed[] = [
  { url: "https://b.example/feed", title: "Beta", siteUrl: "https://b.example/", view: 0, category: "Tech" },
  { url: "rsshub://github/issue/a/b", title: "Issues", siteUrl: null, view: 0, category: null },
  { url: "https://v.example/feed", title: null, siteUrl: null, view: 3, category: "Fun & games" },
  { url: "https://a.example/feed", title: "alpha", siteUrl: null, view: 0, category: "Tech" },
];
const outlineOf = (feed: ExportedFeed, url = feed.url) => ({
  text: feed.title ?? url,
  title: feed.title ?? url,
  type: "rss",
  xmlUrl: url,
  ...(feed.siteUrl ? { htmlUrl: feed.siteUrl } : {}),
});

describe("writeOpml", () => {
  it("by category: a folder per category (sorted), then the feeds without one", () => {
    const parsed = parseOpml(writeOpml(feeds, { folderMode: "category", now, ownerName: "Ann" }));
    expect(parsed.head).toMatchObject({ title: "Tidings subscriptions", ownerName: "Ann" });
    expect(parsed.body!.outlines).toEqual([
      { text: "Fun & games", title: "Fun & games", outlines: [outlineOf(feeds[2]!)] },
      { text: "Tech", title: "Tech", outlines: [outlineOf(feeds[3]!), outlineOf(feeds[0]!)] },
      outlineOf(feeds[1]!),
    ]);
  });

  it("by view: a folder per non-empty view, categories nested, rsshub:// written against the instance", () => {
    const parsed = parseOpml(writeOpml(feeds, { folderMode: "view", rsshubUrl: "https://hub.example/", now }));
    expect(parsed.body!.outlines).toEqual([
      {
        text: "Articles",
        title: "Articles",
        outlines: [
          { text: "Tech", title: "Tech", outlines: [outlineOf(feeds[3]!), outlineOf(feeds[0]!)] },
          outlineOf(feeds[1]!, "https://hub.example/github/issue/a/b"),
        ],
      },
      { text: "Videos", title: "Videos", outlines: [{ text: "Fun & games", title: "Fun & games", outlines: [outlineOf(feeds[2]!)] }] },
    ]);
  });

  it("writes a valid document for an account without feeds", () => {
    const text = writeOpml([], { folderMode: "category", now, ownerName: "<Ann & co>" });
    expect(parseOpml(text).head).toMatchObject({ title: "Tidings subscriptions", ownerName: "<Ann & co>" });
    expect(readOpml(new TextEncoder().encode(text))).toEqual([]);
  });

  it("reads back what it writes, in both modes", () => {
    for (const folderMode of ["view", "category"] as const) {
      const items = readOpml(new TextEncoder().encode(writeOpml(feeds, { folderMode, now })))!;
      const byUrl = new Map(items.map((item) => [item.url, item]));
      for (const feed of feeds) {
        expect(byUrl.get(feed.url)).toMatchObject({ category: feed.category, view: folderMode === "view" ? feed.view : null });
      }
    }
  });
});

describe("planImport", () => {
  const item = (url: string | null, extra: object = {}) => ({ url, title: "T", siteUrl: null, category: null, view: null, ...extra });

  it("sorts items into subscriptions, conflicts and errors, in file order", () => {
    const steps = planImport(
      [item("https://new.example/f", { view: 2, category: "C" }), item("https://old.example/f"), item("javascript:alert(1)"), item(null), item("HTTPS://NEW.example/f#x"), item(`https://x.example/${"a".repeat(2100)}`)],
      { defaultView: 4, followed: new Set(["https://old.example/f"]), room: 10, limitReason: "full" },
    );
    expect(steps).toEqual([
      { kind: "create", url: "https://new.example/f", title: "T", siteUrl: null, category: "C", view: 2 },
      { kind: "conflict", url: "https://old.example/f" },
      { kind: "error", url: "javascript:alert(1)", title: "T", reason: expect.stringContaining("Not a feed address") },
      { kind: "error", title: "T", reason: expect.stringContaining("no feed address") },
      { kind: "conflict", url: "https://new.example/f" },
      { kind: "error", url: expect.any(String), title: "T", reason: expect.stringContaining("longer than 2048") },
    ]);
  });

  it("gives the default view to items without one, and turns items beyond the room into errors", () => {
    const steps = planImport([item("https://a.example/f"), item("https://b.example/f"), item("https://a.example/f"), item("https://c.example/f")], {
      defaultView: 1,
      followed: new Set(),
      room: 2,
      limitReason: "Subscription limit exceeded",
    });
    expect(steps.map((step) => step.kind)).toEqual(["create", "create", "conflict", "error"]);
    expect(steps[0]).toMatchObject({ view: 1 });
    expect(steps[3]).toMatchObject({ reason: "Subscription limit exceeded", url: "https://c.example/f" });
  });
});

describe("importBackfillDepth", () => {
  it("backfills known feeds like a subscribe while the file holds few, less per feed (at least 10) for many", () => {
    expect([0, 1, 50, 100, 1000, 2011].map((known) => importBackfillDepth(known, 200))).toEqual([200, 200, 200, 100, 10, 10]);
  });
});
