import { describe, expect, it } from "vitest";
import { categoryOfAttribute, viewOfFolderName } from "./opml-names.ts";
import { readOpml } from "./opml-read.ts";

const bytes = (text: string) => new TextEncoder().encode(text);
const opml = (body: string) => bytes(`<?xml version="1.0" encoding="utf-8"?><opml version="2.0"><head><title>t</title></head><body>${body}</body></opml>`);
const feed = (url: string, attributes = "") => `<outline type="rss" text="T ${url}" xmlUrl="${url}" ${attributes}/>`;

describe("readOpml", () => {
  it("reads feeds at any depth, in document order, nested folders joined with ' / '", () => {
    const items = readOpml(
      opml(`${feed("https://a.example/feed")}
        <outline text="Tech">${feed("https://b.example/feed", 'htmlUrl="https://b.example/"')}
          <outline title="Rust" text="ignored">${feed("https://c.example/feed")}</outline>
        </outline>`),
    );
    expect(items).toEqual([
      { url: "https://a.example/feed", title: "T https://a.example/feed", siteUrl: null, category: null, view: null },
      { url: "https://b.example/feed", title: "T https://b.example/feed", siteUrl: "https://b.example/", category: "Tech", view: null },
      { url: "https://c.example/feed", title: "T https://c.example/feed", siteUrl: null, category: "Tech / Rust", view: null },
    ]);
  });

  it("lets an outline's category attribute win over its folder", () => {
    const items = readOpml(opml(`<outline text="Folder">${feed("https://a.example/f", 'category="/News/World,/Later"')}${feed("https://b.example/f", 'category=" "')}</outline>`));
    expect(items!.map((item) => item.category)).toEqual(["News / World", "Folder"]);
  });

  it("maps top-level view folders to views when every top-level outline is one (an export by view)", () => {
    const items = readOpml(opml(`<outline text="Videos"><outline text="Fun">${feed("https://v.example/f")}</outline>${feed("https://w.example/f")}</outline><outline text="social media">${feed("https://s.example/f")}</outline>`));
    expect(items!.map((item) => [item.view, item.category])).toEqual([
      [3, "Fun"],
      [3, null],
      [1, null],
    ]);
  });

  it("keeps a view-named folder as a category in any other file", () => {
    const items = readOpml(opml(`<outline text="Videos">${feed("https://v.example/f")}</outline>${feed("https://a.example/f")}`));
    expect(items!.map((item) => [item.view, item.category])).toEqual([
      [null, "Videos"],
      [null, null],
    ]);
  });

  it("reports feed outlines without an address, skips empty folders and notes", () => {
    const items = readOpml(opml(`<outline type="rss" text="No address"/><outline text="Empty folder"/><outline text="A note" type="link" url="https://x.example/"/><outline type="rss" text="Old style" url="https://old.example/rss"/>`));
    expect(items).toEqual([
      { url: null, title: "No address", siteUrl: null, category: null, view: null },
      { url: "https://old.example/rss", title: "Old style", siteUrl: null, category: null, view: null },
    ]);
  });

  it("decodes entities once, drops titles that only repeat the address, ignores unsafe site URLs", () => {
    const [item] = readOpml(opml(`<outline text="Q&amp;A &amp;lt;3" xmlUrl="https://q.example/f?a=1&amp;b=2" htmlUrl="javascript:alert(1)"/>`))!;
    expect(item).toMatchObject({ url: "https://q.example/f?a=1&b=2", title: "Q&A &lt;3", siteUrl: null });
    const [bare] = readOpml(opml(`<outline text="https://q.example/f" xmlUrl="https://q.example/f"/>`))!;
    expect(bare!.title).toBeNull();
  });

  it("never expands a document type's entities", () => {
    const text = `<?xml version="1.0"?><!DOCTYPE opml [<!ENTITY boom "BOOM">]><opml version="2.0"><body><outline text="&boom;" xmlUrl="https://a.example/f"/></body></opml>`;
    expect(readOpml(bytes(text))![0]!.title).not.toContain("BOOM");
  });

  it("answers null for what is no OPML document", () => {
    for (const text of ["", "just text", "<html><body>hi</body></html>", '<rss version="2.0"><channel><title>x</title></channel></rss>']) {
      expect(readOpml(bytes(text))).toBeNull();
    }
  });

  it("answers an empty list for an OPML document without feeds", () => {
    expect(readOpml(bytes('<opml version="2.0"><head><title>t</title></head><body/></opml>'))).toEqual([]);
  });

  it("refuses absurdly deep nesting rather than recursing", () => {
    const deep = `${'<outline text="f">'.repeat(500)}${feed("https://a.example/f")}${"</outline>".repeat(500)}`;
    expect(readOpml(opml(deep))).toBeNull();
  });
});

describe("OPML names", () => {
  it("recognises view folder names loosely", () => {
    expect(["Articles", "social-media", "Social Media", "PICTURES", "Videos", "audios", "Notifications"].map(viewOfFolderName)).toEqual([0, 1, 1, 2, 3, 4, 5]);
    expect(viewOfFolderName("Tech")).toBeNull();
  });

  it("reads the first path of a category attribute", () => {
    expect(categoryOfAttribute("/Boston/Weather")).toBe("Boston / Weather");
    expect(categoryOfAttribute("news,tech")).toBe("news");
    expect(categoryOfAttribute("//")).toBeNull();
    expect(categoryOfAttribute("x".repeat(300))).toHaveLength(100);
  });
});
