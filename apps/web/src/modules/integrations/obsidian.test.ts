import { describe, expect, it } from "vitest";
import { noteFileName, obsidianNote } from "./obsidian.ts";

const entry = {
  title: 'The "last" lighthouse keeper: notes',
  url: "https://coast.example/posts/keeper",
  author: "Ada Keeper",
  publishedAt: "2026-11-01T12:00:00.000Z",
};

describe("Obsidian notes", () => {
  it("have YAML front matter, the title as a heading, then the article in Markdown", () => {
    const html = [
      "<h2>Winter</h2>",
      '<p>The <strong>light</strong> must <em>never</em> go out. <a href="../log">The log</a>.</p>',
      '<figure><img src="/img/lamp.jpg" alt="The lamp"><figcaption>The lamp room</figcaption></figure>',
      "<ul><li>Trim the wicks</li><li>Wind the clockwork</li></ul>",
      '<pre><code class="language-sh">echo "ship sighted"</code></pre>',
      "<table><tr><th>Year</th><th>Ships</th></tr><tr><td>1899</td><td>412</td></tr></table>",
    ].join("");
    const note = obsidianNote(entry, html);
    expect(note.fileName).toBe("The last lighthouse.md");
    expect(note.text).toBe(
      [
        "---",
        'url: "https://coast.example/posts/keeper"',
        'author: "Ada Keeper"',
        'publishedAt: "2026-11-01T12:00:00.000Z"',
        "---",
        "",
        '# The "last" lighthouse keeper: notes',
        "",
        "## Winter",
        "",
        "The **light** must _never_ go out. [The log](https://coast.example/log).",
        "",
        "![The lamp](https://coast.example/img/lamp.jpg)",
        "",
        "The lamp room",
        "",
        "- Trim the wicks",
        "- Wind the clockwork",
        "",
        "```sh",
        'echo "ship sighted"',
        "```",
        "",
        "| Year | Ships |",
        "| --- | --- |",
        "| 1899 | 412 |",
        "",
      ].join("\n"),
    );
  });

  it("quote front matter values and name untitled notes by their date", () => {
    const note = obsidianNote({ title: null, url: null, author: 'O"Brien\nJr', publishedAt: "2026-11-02T08:00:00.000Z" }, "");
    expect(note.text.split("\n").slice(0, 5)).toEqual(["---", 'url: ""', 'author: "O\\"Brien\\nJr"', 'publishedAt: "2026-11-02T08:00:00.000Z"', "---"]);
    expect(note.fileName).toBe("2026-11-02.md");
    expect(noteFileName({ title: "a/b\\c:d*e?f", publishedAt: "2026-01-01" })).toBe("a b c d e f.md");
  });
});
