import { describe, expect, it } from "vitest";
import { decodeEntities, plainText } from "./fold.ts";
import { parseHighlight } from "./segments.ts";

describe("parseHighlight", () => {
  it("reads the server's <mark> markup into marked and plain pieces, decoding escapes", () => {
    expect(parseHighlight("…the <mark>kraken</mark> &amp; the <mark>Tide</mark>…")).toEqual([
      { text: "…the ", mark: false },
      { text: "kraken", mark: true },
      { text: " & the ", mark: false },
      { text: "Tide", mark: true },
      { text: "…", mark: false },
    ]);
  });

  it("never turns escaped markup into tags: it stays text", () => {
    const segments = parseHighlight("&lt;img src=x onerror=alert(1)&gt; <mark>x</mark>");
    expect(segments[0]).toEqual({ text: "<img src=x onerror=alert(1)> ", mark: false });
    // Any other tag is kept literally as text too.
    expect(parseHighlight("<b>bold</b>")).toEqual([{ text: "<b>bold</b>", mark: false }]);
  });

  it("answers nothing for empty markup", () => {
    expect(parseHighlight("")).toEqual([]);
  });
});

describe("plainText / decodeEntities", () => {
  it("drops tags and scripts, decodes references and collapses spaces", () => {
    expect(plainText("<p>Fish &amp; chips</p>\n<script>alert(1)</script><p>&#8220;fresh&#x201D;</p>")).toBe("Fish & chips “fresh”");
    expect(decodeEntities("&unknown; &#0;")).toBe("&unknown; &#0;");
  });
});
