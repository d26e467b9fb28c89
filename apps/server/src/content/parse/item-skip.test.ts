import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { caseDocumentUrl, caseHeader, CORPUS_DIR, loadCorpusCases } from "../__fixtures__/corpus.ts";
import { decodeDocument } from "../decode/decode.ts";
import type { ParsedFeed } from "./model.ts";
import { FeedParseError, normalizeFeedDocument, parseFeedDocument, readFeedDocument } from "./parse-feed.ts";
import { findEndTag, type XmlElement } from "./xml-tree.ts";

/** A document read with `known` items left out, every item tokenised (the way before skipping). */
function readingEverything(text: string, url: string | null, known: Set<string>): ParsedFeed {
  const selection = { known, skipMarkup: false };
  return normalizeFeedDocument(readFeedDocument(text, url, selection), url, selection);
}

const countSkipped = (element: XmlElement): number =>
  (element.skipped ? 1 : 0) + element.children.reduce((sum, child) => sum + (typeof child === "string" ? 0 : countSkipped(child)), 0);

const rss = (language: string, items: string[]) =>
  `<?xml version="1.0"?><rss version="2.0"><channel><title>T</title><language>${language}</language>${items.join("\n")}</channel></rss>`;
const item = (n: number, extra = "") => `<item><guid>g${n}</guid><title>Item ${n}</title><description><![CDATA[<p>a </item> in CDATA ${n}</p>]]></description><!-- </item> -->${extra}</item>`;

describe("known items skipped by their markup", () => {
  it("read every corpus feed as when each item is tokenised, with every other item known", () => {
    let compared = 0;
    let skipped = 0;
    for (const testCase of loadCorpusCases()) {
      const bytes = readFileSync(path.join(CORPUS_DIR, testCase.file));
      const url = caseDocumentUrl(testCase);
      let text: string;
      let first: ParsedFeed;
      try {
        text = decodeDocument(bytes, caseHeader(testCase, "content-type")).text;
        first = parseFeedDocument(text, url, { known: new Set() });
      } catch (error) {
        if (error instanceof FeedParseError) continue;
        throw error;
      }
      const known = new Set(first.entries.flatMap((entry, i) => (entry.digest && i % 2 === 0 ? [entry.digest] : [])));
      if (known.size === 0) continue;
      const withSkipping = parseFeedDocument(text, url, { known });
      expect(withSkipping, testCase.id).toEqual(readingEverything(text, url, known));
      expect(new Set(withSkipping.knownItems), testCase.id).toEqual(known);
      compared++;
      const read = readFeedDocument(text, url, { known, skipMarkup: true });
      if (read.root) skipped += countSkipped(read.root);
    }
    expect(compared).toBeGreaterThan(200);
    // Most known items were not tokenised at all (the others: odd markup, or a feed's context that only comes after them).
    expect(skipped).toBeGreaterThan(700);
  });

  it("leave out the known items, and read the new and the changed ones, end tags in CDATA and comments notwithstanding", () => {
    const once = parseFeedDocument(rss("en", [item(2), item(1)]), "https://example.com/feed", { known: new Set() });
    const digests = once.entries.map((entry) => entry.digest!);
    expect(digests.every((digest) => digest.length === 28)).toBe(true);
    const again = parseFeedDocument(rss("en", [item(3), item(2), item(1, "<category>changed</category>")]), "https://example.com/feed", { known: new Set(digests) });
    expect(again.entries.map((entry) => [entry.guid, entry.categories])).toEqual([
      ["g3", []],
      ["g1", ["changed"]],
    ]);
    expect(again.knownItems).toEqual([digests[0]]);
  });

  it("read every item again when the feed's context changed (its language), though their markup is known", () => {
    const once = parseFeedDocument(rss("en", [item(2), item(1)]), "https://example.com/feed", { known: new Set() });
    const again = parseFeedDocument(rss("de", [item(2), item(1)]), "https://example.com/feed", { known: new Set(once.entries.map((entry) => entry.digest!)) });
    expect(again.entries.map((entry) => [entry.guid, entry.language])).toEqual([
      ["g2", "de"],
      ["g1", "de"],
    ]);
    expect(again.knownItems).toEqual([]);
  });

  it("find an end tag past CDATA and comments, and give up on what a scan cannot tell", () => {
    const text = "<item><x><![CDATA[</item>]]></x><!-- </item> --></ITEM >tail";
    expect(findEndTag(text, 6, "item")).toEqual({ start: text.indexOf("</ITEM"), end: text.indexOf(">tail") });
    expect(findEndTag("<item><item>x</item></item>", 6, "item")).toBeNull();
    expect(findEndTag("<item><![CDATA[ never closed", 6, "item")).toBeNull();
    expect(findEndTag("<item><!DOCTYPE x></item>", 6, "item")).toBeNull();
    expect(findEndTag("<item>no end", 6, "item")).toBeNull();
    expect(findEndTag("<item></items></item>", 6, "item")).toEqual({ start: 14, end: 20 });
  });
});
