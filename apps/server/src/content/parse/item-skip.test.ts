import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { caseDocumentUrl, caseHeader, CORPUS_DIR, loadCorpusCases } from "../__fixtures__/corpus.ts";
import { decodeDocument } from "../decode/decode.ts";
import type { ParsedFeed } from "./model.ts";
import { FeedParseError, parseFeedDocument } from "./parse-feed.ts";
import { parseFeedBytes } from "./feed-bytes.ts";
import { knownMarkup } from "./item-digest.ts";
import { scanItems } from "./item-scan.ts";

const rss = (language: string, items: string[]) =>
  `<?xml version="1.0"?><rss version="2.0"><channel><title>T</title><language>${language}</language>${items.join("\n")}</channel></rss>`;
const item = (n: number, extra = "") => `<item><guid>g${n}</guid><title>Item ${n}</title><description><![CDATA[<p>a </item> in CDATA ${n}</p>]]></description><!-- </item> -->${extra}</item>`;

const withoutDigests = (feed: ParsedFeed) => ({ ...feed, knownItems: undefined, entries: feed.entries.map(({ digest: _digest, ...entry }) => entry) });

describe("known items skipped in the bytes, before decoding", () => {
  it("read every corpus feed as its text reads, and with every other item known, read the others the same (as bytes and as text)", () => {
    let compared = 0;
    let skipped = 0;
    for (const testCase of loadCorpusCases()) {
      const bytes = readFileSync(path.join(CORPUS_DIR, testCase.file));
      const url = caseDocumentUrl(testCase) ?? "https://example.com/feed";
      const contentType = caseHeader(testCase, "content-type");
      let first: ParsedFeed;
      let asText: ParsedFeed;
      let text: string;
      try {
        first = parseFeedBytes(bytes, contentType, url, new Set());
        text = decodeDocument(bytes, contentType).text;
        asText = parseFeedDocument(text, url, { known: new Set() });
      } catch (error) {
        if (error instanceof FeedParseError) continue;
        throw error;
      }
      // The marks written into the bytes change nothing of what is read.
      expect(withoutDigests(first), testCase.id).toEqual(withoutDigests({ ...asText, entries: asText.entries }));
      const known = new Set(first.entries.flatMap((entry, i) => (entry.digest && i % 2 === 0 ? [entry.digest] : [])));
      if (known.size === 0) continue;
      const again = parseFeedBytes(bytes, contentType, url, known);
      expect(again.entries, testCase.id).toEqual(first.entries.filter((entry) => !known.has(entry.digest!)));
      expect(again.knownItems, testCase.id).toEqual(first.entries.flatMap((entry) => (known.has(entry.digest!) ? [entry.digest] : [])));
      // Read as text (documents the scan cannot read), known items are left out the same way.
      const knownAsText = new Set(asText.entries.flatMap((entry, i) => (entry.digest && i % 2 === 0 ? [entry.digest] : [])));
      expect(parseFeedDocument(text, url, { known: knownAsText }).entries, testCase.id).toEqual(asText.entries.filter((entry) => !knownAsText.has(entry.digest!)));
      compared++;
      const scan = scanItems(bytes, knownMarkup(known), "m");
      skipped += scan?.skipped ?? 0;
    }
    expect(compared).toBeGreaterThan(200);
    // Most known items were neither decoded nor tokenised (the others: documents in UTF-16 or a double-byte encoding, odd markup).
    expect(skipped).toBeGreaterThan(700);
  });
});

describe("items found in the bytes", () => {
  const feed = (items: string[]) => Buffer.from(rss("en", items));
  it("leave out the known ones, past end tags in CDATA, comments and quoted values, and read all again when the encoding changed", () => {
    const odd = `<item><guid>odd</guid><title a="</item>">Odd</title></item>`;
    const once = parseFeedBytes(feed([item(2), odd, item(1)]), "application/rss+xml; charset=utf-8", "https://example.com/feed", new Set());
    expect(once.entries.map((entry) => entry.guid)).toEqual(["g2", "odd", "g1"]);
    const known = new Set(once.entries.map((entry) => entry.digest!));
    const again = parseFeedBytes(feed([item(3), item(2), odd, item(1)]), "application/rss+xml; charset=utf-8", "https://example.com/feed", known);
    expect(again.entries.map((entry) => entry.guid)).toEqual(["g3"]);
    expect(again.knownItems).toEqual(once.entries.map((entry) => entry.digest));
    expect(scanItems(feed([item(3), item(2), odd, item(1)]), knownMarkup(known), "m")!.skipped).toBe(3);
    // The same bytes declared in another encoding may read differently: every item is read again.
    const latin = parseFeedBytes(feed([item(2), odd, item(1)]), "application/rss+xml; charset=iso-8859-2", "https://example.com/feed", known);
    expect(latin.entries.map((entry) => entry.guid)).toEqual(["g2", "odd", "g1"]);
  });

  it("take no item as known from a mark a feed wrote itself", () => {
    const once = parseFeedBytes(feed([item(1)]), null, "https://example.com/feed", new Set());
    const digest = once.entries[0]!.digest!;
    const forged = feed([`<item tidings-known="${digest.slice(0, 14)}" tidings="${digest.slice(0, 14)}"><guid>g9</guid></item>`]);
    const read = parseFeedBytes(forged, null, "https://example.com/feed", new Set([digest]));
    expect(read.entries.map((entry) => entry.guid)).toEqual(["g9"]);
  });
});

describe("known items left out of a feed read as text", () => {
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
});
