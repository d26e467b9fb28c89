import { readFileSync } from "node:fs";
import path from "node:path";
import { Parser } from "htmlparser2";
import { describe, expect, it } from "vitest";
import { CORPUS_DIR } from "../__fixtures__/corpus.ts";
import { decodeDocument } from "../decode/decode.ts";
import { child, innerHtml, markupOf, textOf } from "./xml-nodes.ts";
import { FeedTokenizer, parseXmlTree, type XmlElement } from "./xml-tree.ts";

const tree = (xml: string, url: string | null = null) => parseXmlTree(xml, url)!;
const descend = (element: XmlElement, ...names: string[]) => names.reduce<XmlElement>((at, name) => child(at, name)!, element);

describe("parseXmlTree", () => {
  it("names elements by their namespace, whatever prefix the document binds", () => {
    const root = tree(`<rss xmlns:a="http://purl.org/dc/elements/1.1/" xmlns:m="http://search.yahoo.com/mrss" xmlns:A10="http://www.w3.org/2005/Atom">
      <channel><item><a:Creator>Ann</a:Creator><m:content url="x"/><A10:link href="y"/><dc:subject>undeclared</dc:subject><x:y xmlns:x="urn:other">o</x:y></item></channel></rss>`);
    const item = descend(root, "channel", "item");
    expect(item.children.filter((node) => typeof node !== "string").map((node) => (node as XmlElement).name)).toEqual([
      "dc:creator", "media:content", "atom:link", "dc:subject", "x:y",
    ]);
  });

  it("reads Atom's own elements without prefix in an Atom feed, prefixed or not", () => {
    expect(child(tree(`<a:feed xmlns:a="http://www.w3.org/2005/Atom"><a:entry><a:title>T</a:title></a:entry></a:feed>`), "entry")).toBeDefined();
    expect(textOf(descend(tree(`<feed xmlns="http://purl.org/atom/ns#"><entry><title>T</title></entry></feed>`), "entry", "title"))).toBe("T");
  });

  it("resolves nested xml:base against the one above, and the document's URL", () => {
    const root = tree(`<feed xml:base="/blog/"><entry xml:base="2026/"><content xml:base="../img/">x</content></entry><entry><id>i</id></entry></feed>`, "https://example.org/feed.xml");
    expect(root.base).toBe("https://example.org/blog/");
    expect(descend(root, "entry").base).toBe("https://example.org/blog/2026/");
    expect(descend(root, "entry", "content").base).toBe("https://example.org/blog/img/");
    expect(tree(`<feed><entry/></feed>`, "https://example.org/").base).toBeNull();
  });

  it("decodes XML and HTML entities in text and attributes, CDATA as written, never a DTD's", () => {
    const root = tree(`<rss><title a="&quot;q&quot; &amp; &eacute;">AT&T &amp; &copy; &#169; &#xA9; &bogus; <![CDATA[&amp; <b>]]></title></rss>`);
    const title = child(root, "title")!;
    expect(textOf(title)).toBe("AT&T & © © © &bogus; &amp; <b>");
    expect(title.attrs.a).toBe('"q" & é');
  });

  it("writes markup back as HTML, text escaped for XHTML or kept as HTML source", () => {
    const root = tree(`<feed><content><div xmlns="http://www.w3.org/1999/xhtml"><p class="a">1 &lt; 2 &amp; <br/><img src="i.png"/></p></div></content></feed>`);
    const content = child(root, "content")!;
    expect(innerHtml(content, true)).toBe('<div><p class="a">1 &lt; 2 &amp; <br><img src="i.png"></p></div>');
    expect(markupOf(tree(`<rss><description>&lt;b&gt;bold&lt;/b&gt; <i>raw</i></description></rss>`).children[0] as XmlElement)).toBe("<b>bold</b> <i>raw</i>");
  });

  it("reads malformed documents: misnested, unclosed and truncated", () => {
    const root = tree(`<rss><channel><item><title>a <b>b</title><item><title>second`);
    expect(root.name).toBe("rss");
    expect(textOf(descend(root, "channel", "item", "title"))).toBe("a ");
  });
});

describe("FeedTokenizer", () => {
  /** Every event of htmlparser2 reading `text` the way parseXmlTree does, with or without the faster tokeniser. */
  function events(text: string, fast: boolean): string[] {
    const out: string[] = [];
    const parser = new Parser(
      {
        onopentag: (name, attrs) => out.push(`<${name} ${JSON.stringify(attrs)}`),
        onclosetag: (name) => out.push(`</${name}`),
        ontext: (data) => out.push(data),
        oncdatastart: () => out.push("<![CDATA["),
        oncomment: (data) => out.push(`<!--${data}`),
        onprocessinginstruction: (name, data) => out.push(`<?${data}`),
      },
      { xmlMode: true, decodeEntities: false, ...(fast ? { Tokenizer: FeedTokenizer } : {}) },
    );
    parser.end(text);
    return out;
  }

  it("reads every document of the corpus as htmlparser2's own tokeniser does", () => {
    const manifest = JSON.parse(readFileSync(path.join(CORPUS_DIR, "manifest.json"), "utf8")) as { files: { file: string }[] };
    expect(manifest.files.length).toBeGreaterThan(500);
    for (const { file } of manifest.files) {
      const text = decodeDocument(readFileSync(path.join(CORPUS_DIR, file)), null).text;
      expect(events(text, true), file).toEqual(events(text, false));
    }
  });
});
