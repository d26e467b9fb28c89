import { describe, expect, it } from "vitest";
import { guessLanguage, languageFromMarkup } from "./code-language.ts";
import { resolveEmbedUrl } from "./embeds.ts";
import { extractImages, firstImage } from "./extract-images.ts";
import { splitUrls } from "./linkify.ts";
import { createSlugger, slugify } from "./slug.ts";
import { filterStyle } from "./style-filter.ts";
import { isVideoUrl, resolveImageUrl, resolveSrcset, resolveWebUrl } from "./url.ts";

describe("URLs", () => {
  it("accepts http(s) only, however the scheme is disguised", () => {
    expect(resolveWebUrl("https://a.example/x")).toBe("https://a.example/x");
    for (const bad of ["javascript:alert(1)", " JaVaScRiPt:x", "java\tscript:x", "vbscript:x", "data:text/html,<b>", "mailto:a@b.c", "ftp://a/b", ""]) {
      expect(resolveWebUrl(bad, "https://base.example/")).toBeNull();
    }
    expect(resolveWebUrl("/x", "javascript:alert(1)//")).toBeNull();
    expect(resolveWebUrl("/x", "https://base.example/a/b")).toBe("https://base.example/x");
  });

  it("allows inline raster images, not SVG or HTML", () => {
    expect(resolveImageUrl("data:image/png;base64,iVBORw0KGgo=")).toBe("data:image/png;base64,iVBORw0KGgo=");
    expect(resolveImageUrl("data:image/svg+xml;base64,PHN2Zz4=")).toBeNull();
    expect(resolveImageUrl("data:text/html;base64,PHN2Zz4=")).toBeNull();
  });

  it("resolves srcset candidates or drops the attribute", () => {
    expect(resolveSrcset("a.png 1x, /b.png 2x", "https://s.example/p/")).toBe("https://s.example/p/a.png 1x, https://s.example/b.png 2x");
    expect(resolveSrcset("a.png 1x, javascript:x 2x", "https://s.example/")).toBeNull();
  });

  it("recognises mp4 and webm by path", () => {
    expect(isVideoUrl("https://v.example/a.MP4?x=1#t")).toBe(true);
    expect(isVideoUrl("https://v.example/a.webm")).toBe(true);
    expect(isVideoUrl("https://v.example/a.mp4.html")).toBe(false);
    expect(isVideoUrl("https://v.example/?f=a.mp4")).toBe(false);
  });

  it("allows embeds from the video players only", () => {
    expect(resolveEmbedUrl("//www.youtube-nocookie.com/embed/x")).toBe("https://www.youtube-nocookie.com/embed/x");
    expect(resolveEmbedUrl("https://www.youtube.com.evil.example/embed/x")).toBeNull();
    expect(resolveEmbedUrl("https://user@www.youtube.com/embed/x")).toBeNull();
  });
});

describe("linkify", () => {
  it("finds URLs and leaves sentence punctuation out", () => {
    expect(splitUrls("Read https://a.example/x, then (https://b.example/y).")).toEqual([
      { kind: "text", text: "Read " },
      { kind: "url", text: "https://a.example/x" },
      { kind: "text", text: ", then (" },
      { kind: "url", text: "https://b.example/y" },
      { kind: "text", text: ")." },
    ]);
    expect(splitUrls("no links here, javascript://x neither")).toEqual([{ kind: "text", text: "no links here, javascript://x neither" }]);
  });
});

describe("slugs", () => {
  it("are lower case, dashed and unique", () => {
    expect(slugify("  Hello, World!  ")).toBe("hello-world");
    const slug = createSlugger();
    expect([slug("A"), slug("A"), slug("A-1"), slug("!!!")]).toEqual(["a", "a-1", "a-1-1", "section"]);
  });
});

describe("inline styles", () => {
  it("keep colours, alignment and emphasis; sizes only on media and tables", () => {
    expect(filterStyle("color:#333;font-weight:bold;width:50px;margin:0;position:fixed", "p")).toEqual({ color: "#333", fontWeight: "bold" });
    expect(filterStyle("width: 50%; height: 20px", "td")).toEqual({ width: "50%", height: "20px" });
  });

  it("drop anything that can fetch or run", () => {
    for (const css of ["background-color: url(javascript:x)", "color: expression(alert(1))", "color: red\\;", "color: re/**/d", "behavior: url(x.htc)", "-moz-binding: url(x)", "color: red !important"]) {
      expect(filterStyle(css, "p")).toBeNull();
    }
  });
});

describe("code languages", () => {
  it("come from the markup first", () => {
    const pre = document.createElement("pre");
    const code = document.createElement("code");
    code.className = "hljs language-TypeScript";
    expect(languageFromMarkup(code, pre)).toBe("typescript");
    pre.setAttribute("data-lang", "text");
    expect(languageFromMarkup(null, pre)).toBe("");
    expect(languageFromMarkup(document.createElement("code"))).toBeNull();
  });

  it.each([
    ['{"a": 1, "b": [true, null]}', "json"],
    ["<div class=\"x\">\n  <p>Hello</p>\n</div>", "html"],
    [".card > h2 {\n  color: red;\n  margin: 0;\n}", "css"],
    ["const total = items.reduce((sum, x) => sum + x, 0);\nconsole.log(total);", "javascript"],
    ["interface User {\n  name: string;\n}\nconst u: User = { name: 'a' };", "typescript"],
    ["def greet(name):\n    print(f'hi {name}')\n", "python"],
    ["$ npm install\n$ git commit -m 'x'", "shellscript"],
    ['package main\n\nimport "fmt"\n\nfunc main() {\n\tfmt.Println("hi")\n}', "go"],
    ['fn main() {\n    let mut x = 5;\n    println!("{}", x);\n}', "rust"],
    ["SELECT id, name FROM users WHERE id = 1;", "sql"],
    ["name: tidings\nversion: 1\nservices:\n  - web", "yaml"],
  ])("guesses %#", (code, language) => {
    expect(guessLanguage(code)).toBe(language);
  });

  it("stays fast on long lines that nearly match (no catastrophic backtracking)", () => {
    const started = performance.now();
    for (const line of ["a-b ".repeat(1200), ".x > y ~ z ".repeat(400), "key: value\n".repeat(400) + "x"]) guessLanguage(line);
    expect(performance.now() - started).toBeLessThan(500);
  });

  it("does not guess from prose", () => {
    expect(guessLanguage("Just a sentence about nothing in particular.")).toBeNull();
  });
});

describe("extractImages", () => {
  it("lists the images a reader would show, deduplicated, for thumbnails", () => {
    const html =
      '<img src="https://t.example/pixel.gif" width="1" height="1"><img src="/a.png" alt="A"><img src="javascript:x">' +
      '<img data-src="https://i.example/b.png" src="data:image/gif;base64,R0lGOD"><img src="/a.png"><img src="https://v.example/c.mp4">';
    expect(extractImages(html, "https://s.example/post")).toEqual([{ src: "https://s.example/a.png", alt: "A" }, { src: "https://i.example/b.png" }]);
    expect(firstImage(html, "https://s.example/post")).toBe("https://s.example/a.png");
    expect(firstImage("<p>no images</p>")).toBeNull();
    expect(firstImage(null)).toBeNull();
  });
});
