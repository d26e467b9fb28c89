import { describe, expect, it } from "vitest";
import { testState } from "../timeline/test-entries.ts";
import { feedSubscription, inboxSubscription } from "../subscription-column/test-fixtures.ts";
import { highlightText, matchEntries, matchFeeds, matchRanges, parseLocalQuery, snippet } from "./local-match.ts";

const q = (text: string) => parseLocalQuery(text)!;

describe("parseLocalQuery", () => {
  it("folds words, keeps phrases whole, and sets exclusions apart; OR is ignored", () => {
    expect(parseLocalQuery(`Café "High  Water" -storm OR dawn`)).toEqual({ terms: ["cafe", "high water", "dawn"], exclusions: ["storm"] });
  });

  it("answers null when nothing is left to look for", () => {
    expect(parseLocalQuery("   ")).toBeNull();
    expect(parseLocalQuery("-storm")).toBeNull();
  });
});

describe("matchRanges / highlightText", () => {
  it("marks every occurrence, ignoring case and accents, in the original text", () => {
    expect(highlightText("Crème brûlée at the CAFÉ, café", ["creme", "cafe"])).toEqual([
      { text: "Crème", mark: true },
      { text: " brûlée at the ", mark: false },
      { text: "CAFÉ", mark: true },
      { text: ", ", mark: false },
      { text: "café", mark: true },
    ]);
  });

  it("merges overlapping matches", () => {
    expect(matchRanges("harbourmaster", ["harbour", "bourma"])).toEqual([[0, 9]]);
  });

  it("keeps characters outside the basic plane whole", () => {
    expect(highlightText("🌊 wave", ["wave"])).toEqual([
      { text: "🌊 ", mark: false },
      { text: "wave", mark: true },
    ]);
  });
});

describe("snippet", () => {
  it("cuts around the first match with ellipses", () => {
    const text = `${"lorem ipsum ".repeat(20)}the kraken rises ${"dolor sit ".repeat(30)}`;
    const segments = snippet(text, ["kraken"]);
    expect(segments[0]).toEqual({ text: "…", mark: false });
    expect(segments.at(-1)).toEqual({ text: "…", mark: false });
    expect(segments.find((s) => s.mark)?.text).toBe("kraken");
    expect(segments.map((s) => s.text).join("").length).toBeLessThan(200);
  });

  it("starts at the beginning of a short text", () => {
    expect(snippet("Tide at dawn", ["dawn"])).toEqual([
      { text: "Tide at ", mark: false },
      { text: "dawn", mark: true },
    ]);
  });
});

describe("matchEntries", () => {
  const entries = [
    testState("1", { title: "Storm warning", description: "<p>Winds &amp; rain at the harbour</p>", publishedAt: "2025-03-01T00:00:00Z" }),
    testState("2", { title: "Harbour news", description: "Boats are back", publishedAt: "2025-02-01T00:00:00Z" }),
    testState("3", { title: "Market day", description: "Fish and bread", publishedAt: "2025-03-05T00:00:00Z" }, { sourceKey: "9" }),
  ];
  const titles: Record<string, string> = { "1000000000000001": "Coast Gazette", "9": "Harbour Radio" };
  const titleOf = (key: string) => titles[key] ?? null;

  it("finds words in the title, the description (as text) and the feed title; title matches first", () => {
    expect(matchEntries(entries, q("harbour"), titleOf, 10).map((hit) => hit.id)).toEqual(["2", "1", "3"]);
    expect(matchEntries(entries, q("harbour"), titleOf, 10)[1]!.description).toBe("Winds & rain at the harbour");
  });

  it("needs every word and no excluded one", () => {
    expect(matchEntries(entries, q("harbour rain"), titleOf, 10).map((hit) => hit.id)).toEqual(["1"]);
    expect(matchEntries(entries, q("harbour -storm"), titleOf, 10).map((hit) => hit.id)).toEqual(["2", "3"]);
  });

  it("keeps to the limit", () => {
    expect(matchEntries(entries, q("harbour"), titleOf, 1)).toHaveLength(1);
  });
});

describe("matchFeeds", () => {
  const subs = [
    feedSubscription({ id: "11", feedTitle: "Tide Tables", site: "https://tides.example" }),
    feedSubscription({ id: "12", feedTitle: "Coast Gazette", site: "https://gazette.example", title: "My Tide Paper" }),
    inboxSubscription({ handle: "newsletters", title: "Letters" }),
  ];

  it("matches titles (the reader's own first) and addresses", () => {
    expect(matchFeeds(subs, q("tide"), 10).map((hit) => hit.key)).toEqual(["12", "11"]);
    expect(matchFeeds(subs, q("gazette.example"), 10).map((hit) => hit.title)).toEqual(["My Tide Paper"]);
    expect(matchFeeds(subs, q("newsletters"), 10).map((hit) => hit.key)).toEqual(["newsletters"]);
  });
});
