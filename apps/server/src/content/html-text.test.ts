import { describe, expect, it } from "vitest";
import { htmlToText } from "./html-text.ts";

describe("htmlToText", () => {
  it("returns an empty string for empty input", () => {
    expect(htmlToText("")).toBe("");
    expect(htmlToText("<p> </p><br>")).toBe("");
    expect(htmlToText(null as unknown as string)).toBe("");
  });

  it("removes tags and keeps their text", () => {
    expect(htmlToText('<p>Hello <b>bold</b> <a href="/x">world</a>!</p>')).toBe("Hello bold world!");
    expect(htmlToText("a<img src=x alt=pic>b<wbr>c")).toBe("abc");
  });

  it("decodes entities", () => {
    expect(htmlToText("Tom &amp; Jerry&nbsp;&#8217;s &lt;show&gt; &eacute;t&#xE9; &quot;q&quot;")).toBe("Tom & Jerry ’s <show> été \"q\"");
    expect(htmlToText("AT&T &unknown; 5 &lt 6")).toBe("AT&T &unknown; 5 < 6");
  });

  it("collapses whitespace, &nbsp; included", () => {
    expect(htmlToText("  one \n\t two&nbsp;&nbsp; three  ")).toBe("one two three");
    expect(htmlToText("<pre>  a\n\n   b  </pre>")).toBe("a b");
  });

  it("puts block elements on lines of their own", () => {
    expect(htmlToText("<h1>Title</h1><p>One</p><p>Two<br>Three</p><ul><li>a</li><li>b</li></ul>")).toBe("Title\nOne\nTwo\nThree\na\nb");
    expect(htmlToText("<div>a<div>b</div></div>  <blockquote> c </blockquote>")).toBe("a\nb\nc");
    expect(htmlToText("<table><tr><td>a</td><td>b</td></tr><tr><th>c</th></tr></table>")).toBe("a b\nc");
    expect(htmlToText("in<span>line</span> <em>text</em>")).toBe("inline text");
  });

  it("drops script, style, noscript and other non-text content", () => {
    expect(
      htmlToText(
        "a<script>alert('<p>x</p>')</script><style>p { color: red }</style><noscript><p>enable js</p></noscript>" +
          "<template><p>t</p></template><iframe src=x>fallback</iframe><head><title>T</title></head>b",
      ),
    ).toBe("ab");
    expect(htmlToText("<select><option>o</option></select><textarea>t</textarea>c")).toBe("c");
  });

  it("survives broken markup", () => {
    expect(htmlToText("<p>unclosed <b>bold <i>italic")).toBe("unclosed bold italic");
    expect(htmlToText("</p></div>stray <<>> & text <!-- comment -->")).toBe("stray <<>> & text");
    expect(htmlToText("<script>never closed <p>hidden")).toBe("");
  });

  it("reads documents nested too deeply to parse quickly without their markup", () => {
    expect(htmlToText(`${"<div>".repeat(200_000)}deep &amp; <p>text</p>`)).toBe("deep & text");
  });

  it("keeps text shorter than maxLength as it is", () => {
    expect(htmlToText("<p>short text</p>", 20)).toBe("short text");
    expect(htmlToText("exactly ten", 11)).toBe("exactly ten");
  });

  it("truncates at a word boundary with an ellipsis", () => {
    const text = "The quick brown fox jumps over the lazy dog";
    expect(htmlToText(text, 20)).toBe("The quick brown fox…");
    expect(htmlToText(text, 22)).toBe("The quick brown fox…");
    expect(Array.from(htmlToText(text, 20)).length).toBeLessThanOrEqual(20);
    expect(htmlToText("<p>One, two, three, four</p>", 14)).toBe("One, two…");
    expect(htmlToText("<p>One</p><p>two three</p>", 9)).toBe("One\ntwo…");
  });

  it("cuts a single long word between characters", () => {
    expect(htmlToText("a supercalifragilisticexpialidocious word", 15)).toBe("a supercalifra…");
  });

  it("truncates CJK text, which has no spaces, by characters", () => {
    const text = "飼料の価格が上がり続けているため農家の経営は厳しさを増している";
    expect(htmlToText(`<p>${text}</p>`, 10)).toBe("飼料の価格が上がり…");
    expect(htmlToText("日本語 のテキストは単語の間にスペースを入れずに書かれる", 12)).toBe("日本語 のテキストは単…");
  });

  it("counts characters outside the BMP once and never splits them", () => {
    expect(htmlToText("😀😀😀😀😀😀", 4)).toBe("😀😀😀…");
    expect(htmlToText("😀😀😀", 3)).toBe("😀😀😀");
  });

  it("handles degenerate lengths", () => {
    expect(htmlToText("some text", 1)).toBe("…");
    expect(htmlToText("some text", 0)).toBe("");
    expect(htmlToText("some text", Number.POSITIVE_INFINITY)).toBe("some text");
  });
});
