import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { CORPUS_DIR } from "../__fixtures__/corpus.ts";
import { searchWords } from "../search-words.ts";
import { htmlToText } from "../html-text.ts";
import { sanitizeHtml, sanitizeHtmlWithText } from "./sanitize.ts";

const BASE = "https://blog.example/posts/1";

const corpus = ["vectors.json", "owasp-xss-filter-evasion.json"].flatMap(
  (file) => (JSON.parse(readFileSync(path.join(CORPUS_DIR, "xss", file), "utf8")) as { vectors: Array<{ id: string; input: string }> }).vectors,
);

// Inputs chosen for what decides the text: blocks and cells, inline elements inside words,
// whitespace of every kind, entities, removed and unwrapped elements, broken markup.
const VARIED = [
  "<b>東京</b>都",
  "<p>Hello <b>bold</b> <a href=\"/x\">world</a>!</p>",
  "<h1>Title</h1><p>One</p><p>Two<br>Three</p><ul><li>a</li><li>b</li></ul>",
  "<table><tr><td>a</td><td>b</td></tr><tr><th>c</th></tr></table>",
  "<div>a<div>b</div></div>  <blockquote> c </blockquote>",
  "in<span>line</span> <em>text</em>, <i>x</i><u>y</u><code>z</code>",
  "Tom &amp; Jerry&nbsp;&#8217;s &lt;show&gt; &eacute;t&#xE9; &quot;q&quot; AT&T &unknown; 5 &lt 6",
  "  one \n\t two&nbsp;&nbsp; three  \u2028 four\u3000five ",
  "<pre>  a\n\n   b  </pre>",
  "a<script>alert('<p>x</p>')</script><style>p{}</style><noscript><p>js</p></noscript>b",
  "<iframe src=\"https://www.youtube.com/embed/abc\">fallback</iframe>after<iframe src=\"https://evil.example/\">x</iframe>",
  "<form><input value=v><button>b</button><textarea>t</textarea></form><select><option>o</option></select>c",
  "<svg><text>label</text><desc>d</desc></svg><math><mi>x</mi><mo>=</mo><mn>2</mn></math>",
  "<x-card><p>unknown</p> wrapper</x-card><font color=red>font</font><center>c</center>",
  "<p>unclosed <b>bold <i>italic",
  "</p></div>stray <<>> & text <!-- comment --> </b>",
  "<p>a<p>b<li>c<li>d<dd>e<dt>f",
  "<img src=a.jpg alt=\"pic\">x<img src=\"https://pixel.wp.com/t.gif\">y<wbr>z<hr>w",
  "<video src=v.mp4>fallback <b>text</b><source src=s.webm><track src=t.vtt></video>",
  "<details><summary>s</summary>d</details><figure><img src=i.png><figcaption>c</figcaption></figure>",
  "<a href=1>one<a href=2>two</a></a><h1>a<h2>b</h2>c</h1>",
  "<image src=x.png>after",
  "<p title=\"a<b>c\" style=\"color:red\">attr</p>",
  "<div><noscript></div>hidden</noscript>shown",
  "</ p>x</ br>y",
  "<ruby>漢<rt>kan</rt></ruby>字",
  "",
  "   ",
  "&nbsp;",
];

/** A deterministic source of small, messy documents. */
function generated(count: number): string[] {
  let seed = 7;
  const next = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
  const pick = <T,>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;
  const tags = ["p", "b", "span", "div", "td", "tr", "table", "li", "br", "a", "h2", "pre", "img", "script", "x-y", "svg", "noscript", "iframe", "q"];
  const texts = ["word", " ", "  ", "\n", "&nbsp;", "東京", "a&amp;b", "<", "x y ", " z"];
  const fragment = (depth: number): string => {
    let out = "";
    for (let i = 0, n = 1 + Math.floor(next() * 4); i < n; i++) {
      if (next() < 0.4 || depth > 3) out += pick(texts);
      else {
        const tag = pick(tags);
        out += `<${tag}${next() < 0.3 ? ' href="/l" src="i.png"' : ""}>${fragment(depth + 1)}${next() < 0.8 ? `</${tag}>` : ""}`;
      }
    }
    return out;
  };
  return Array.from({ length: count }, () => fragment(0));
}

describe("sanitizeHtmlWithText", () => {
  it("gives the text of its own output, with the words htmlToText finds in it", () => {
    for (const input of [...VARIED, ...corpus.map((v) => v.input), ...generated(400)]) {
      for (const baseUrl of [null, BASE]) {
        const { html, text } = sanitizeHtmlWithText(input, { baseUrl });
        expect(html, input).toBe(sanitizeHtml(input, { baseUrl }));
        expect(searchWords(text), input).toEqual(searchWords(htmlToText(html)));
      }
    }
  });

  it("joins inline elements into words and puts blocks on lines of their own", () => {
    expect(sanitizeHtmlWithText("<b>東京</b>都").text).toBe("東京都");
    expect(sanitizeHtmlWithText("<p>One <a href=\"https://x.example/\">link</a>.</p><p>Two<br>Three</p>").text).toBe("One link.\nTwo\nThree");
    expect(sanitizeHtmlWithText("<table><tr><td>a</td><td>b</td></tr></table>").text).toBe("a\nb");
    expect(sanitizeHtmlWithText(" a \n\t b&nbsp;&nbsp;c ").text).toBe(" a \n\t b\u00a0\u00a0c ");
  });

  it("leaves out the text of removed elements", () => {
    const { html, text } = sanitizeHtmlWithText(
      "a<script>s</script><style>p{}</style><noscript>n</noscript><iframe src=\"https://www.youtube.com/embed/x\">f</iframe><textarea>t</textarea>b",
    );
    expect(text).toBe("ab");
    expect(html).toContain("<iframe");
  });

  it("returns empty html and text for empty input", () => {
    expect(sanitizeHtmlWithText("")).toEqual({ html: "", text: "" });
    expect(sanitizeHtmlWithText(null as unknown as string)).toEqual({ html: "", text: "" });
    expect(sanitizeHtmlWithText("<script>x</script>")).toEqual({ html: "", text: "" });
  });

  it("keeps the text of documents nested too deeply to parse", () => {
    expect(sanitizeHtmlWithText(`${"<div>".repeat(5000)}deep &amp; <p>text</p>`)).toEqual({ html: "deep &amp; text", text: "deep & text" });
  });
});
