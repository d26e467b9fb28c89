import { parseHTML } from "linkedom";
import { describe, expect, it } from "vitest";
import { domToMarkdown, type MarkdownSourceNode } from "./html-to-markdown.ts";

const md = (html: string, baseUrl?: string) => {
  const { document } = parseHTML(`<!doctype html><html><body>${html}</body></html>`);
  return domToMarkdown(document.body as unknown as MarkdownSourceNode, baseUrl ? { baseUrl } : {});
};

describe("domToMarkdown", () => {
  it.each([
    ["headings and paragraphs", "<h2>Fog  signals</h2><p>The <em>diaphone</em> and <b>the horn</b>.</p>", "## Fog signals\n\nThe _diaphone_ and **the horn**."],
    ["links and images, resolved against the base", '<p><a href="/a" title="A">first</a> <img src="img/b.png" alt="B"></p>', '[first](https://x.example/a "A") ![B](https://x.example/post/img/b.png)'],
    ["line breaks and rules", "<p>one<br>two</p><hr><p>three</p>", "one  \ntwo\n\n---\n\nthree"],
    ["markdown characters in text are escaped", "<p>2*3 = 6 and [a] _b_</p>", "2\\*3 = 6 and \\[a\\] \\_b\\_"],
    ["inline code with backticks", "<p>run <code>a`b</code></p>", "run ``a`b``"],
    ["code blocks keep their text and language", '<pre><code class="language-js">const a = 1;\n\nconst b = 2;\n</code></pre>', "```js\nconst a = 1;\n\nconst b = 2;\n```"],
    ["nested lists stay tight", "<ul><li>one<ul><li>inner</li></ul></li><li>two</li></ul>", "- one\n  - inner\n- two"],
    ["ordered lists count from start", '<ol start="3"><li>c</li><li>d</li></ol>', "3. c\n4. d"],
    ["quotes", "<blockquote><p>The light</p><p>must never go out.</p></blockquote>", "> The light\n>\n> must never go out."],
    ["tables", "<table><thead><tr><th>Name</th><th>Lit</th></tr></thead><tbody><tr><td>North | point</td><td>1801</td></tr></tbody></table>", "| Name | Lit |\n| --- | --- |\n| North \\| point | 1801 |"],
    ["scripts and styles are dropped", "<p>kept</p><script>alert(1)</script><style>p{}</style>", "kept"],
    // What real feeds write (scripts/compare-markdown.ts):
    ["a line does not start a list, heading, quote or rule", "<p>- one<br>2) two<br>3. three<br># four<br>&gt; five<br>---</p>", "\\- one  \n2\\) two  \n3\\. three  \n\\# four  \n\\> five  \n\\---"],
    ["text that reads as HTML stays text", "<p>&lt;blink&gt; &lt;!-- SC_ON --&gt; &amp;amp; &lt;3</p>", "\\<blink> \\<!-- SC\\_ON --> \\&amp; <3"],
    ["a bare <pre> is a code block", "<pre>Parse podcast\n\ncategories</pre>", "```\nParse podcast\n\ncategories\n```"],
    ["a <pre> of spans is a code block", "<pre><span></span><code><span>augroup</span> vale\n  end</code></pre>", "```\naugroup vale\n  end\n```"],
    ["<br> in a <pre> breaks the line", "<pre>widgets.<br /><br />This allows</pre>", "```\nwidgets.\n\nThis allows\n```"],
    ["code in a table cell keeps its words apart", "<table><tr><td><pre>a;<br>b;</pre></td><td>c</td></tr><tr><td>1</td><td>2</td></tr></table>", "| `a; b;` | c |\n| --- | --- |\n| 1 | 2 |"],
    ["a one-cell table is its content", "<table><tr><td><pre>x = 1</pre></td></tr></table>", "```\nx = 1\n```"],
    ["blank lines of code in a list item stay", "<ul><li>Example:<pre>first\n\nsecond</pre></li><li>next</li></ul>", "- Example:\n\n  ```\n  first\n\n  second\n  ```\n- next"],
    ["emphasis around blocks is dropped, not shown", "<b>Reveal your intent.<table><tr><td>a</td><td>b</td></tr></table></b><i>by Ben<br><br>office.</i>", "Reveal your intent.\n\n| a | b |\n| --- | --- |\n\nby Ben\n\noffice."],
    ["spaces inside a link stay outside it", '<p>OSS-Fuzz<a href="/53"> notified </a>the maintainer</p>', "OSS-Fuzz [notified](https://x.example/53) the maintainer"],
  ])("%s", (_name, html, expected) => {
    expect(md(html, "https://x.example/post/")).toBe(expected);
  });
});
