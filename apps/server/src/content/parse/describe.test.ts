import { describe as suite, expect, it } from "vitest";
import { htmlToText } from "../html-text.ts";
import { DESCRIPTION_LENGTH, describe } from "./describe.ts";

// describe() reads less than the whole article and cuts the text itself: it must still give
// exactly what htmlToText(html, DESCRIPTION_LENGTH) gives.
const expected = (html: string) => htmlToText(html, DESCRIPTION_LENGTH) || null;

const PIECES = [
  "alpha", "beta", "gamma", "delta,", "epsilon;", "–", "&amp;", "&lt;x&gt;", "&CounterClockwiseContourIntegral;", "&nbsp;", "café",
  "\u{1F600}", "漢字テキスト", "<b>bold</b>", "<p>para</p>", "<br>", "<script>var x = 1;</script>", "<td>cell</td>", "\u00a0",
  "<!-- comment -->", '<img src="x.png">', '<a href="/x?a=1&amp;b=2">link</a>', "<div>", "</div>", "\t", "  ", "\n",
];

/** A deterministic pseudo-random document of about `length` characters. */
function documentOf(seed: number, length: number): string {
  let state = seed;
  const next = () => (state = (state * 1103515245 + 12345) % 2147483648) / 2147483648;
  let html = "";
  while (html.length < length) html += PIECES[Math.floor(next() * PIECES.length)]! + (next() < 0.8 ? " " : "");
  return html;
}

suite("describe", () => {
  it.each([
    ["plain text", "Just a short summary."],
    ["long plain text", "word ".repeat(400)],
    ["text without spaces", "x".repeat(1000)],
    ["a long article", `<p>${"Lorem ipsum dolor sit amet, consectetur adipiscing elit. ".repeat(200)}</p>`],
    ["markup-heavy HTML", `${'<span class="a"><a href="https://example.com/a/very/long/path">x</a></span>'.repeat(300)} end`],
    ["an article that starts with a script", `<script>${"x();".repeat(2000)}</script><p>${"text ".repeat(500)}</p>`],
  ])("reads %s as htmlToText does", (_name, html) => {
    expect(describe(html, null)).toBe(expected(html));
  });

  it("reads random documents of every size as htmlToText does", () => {
    for (let seed = 1; seed <= 400; seed++) {
      const html = documentOf(seed, (seed * 97) % (seed % 4 === 0 ? 20_000 : 3000));
      expect(describe(html, null), html.slice(0, 200)).toBe(expected(html));
    }
  });

  it("falls back to the content when the summary has no text", () => {
    expect(describe("<p> </p>", "<p>From the content</p>")).toBe("From the content");
    expect(describe(null, null)).toBeNull();
  });
});
