import { describe, expect, it } from "vitest";
import { escapeHtml, hostOf, initialsOf, plainText, safeHref, truncate } from "./share-html.ts";
import { createShell } from "./share-shell.ts";

describe("share page text", () => {
  it("escapes text for elements and quoted attributes", () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe("&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;");
  });

  it.each([
    ["https://a.example/x?y=1", "https://a.example/x?y=1"],
    ["HTTP://A.example", "http://a.example/"],
    ["javascript:alert(1)", null],
    ["data:text/html,hi", null],
    ["/relative", null],
    ["not a url", null],
    [null, null],
  ])("safeHref(%s)", (input, expected) => {
    expect(safeHref(input)).toBe(expected);
  });

  it.each([
    ["<p>Hello <b>world</b></p>\n<p>again</p>", 200, "Hello world again"],
    ["Tides &amp; boats &#8212; &#x2014; &lt;b&gt; &nbsp;x", 200, "Tides & boats — — <b> x"],
    ["<style>p{}</style><script>alert(1)</script>Text", 200, "Text"],
    ["one two three four five six", 15, "one two three…"],
    ["", 10, ""],
  ])("plainText(%j, %d)", (html, max, expected) => {
    expect(plainText(html, max)).toBe(expected);
  });

  it("truncates by characters, not UTF-16 units, and without a word boundary when there is none near", () => {
    expect(truncate("最后的灯塔看守人的故事", 6)).toBe("最后的灯塔…");
    expect(truncate("😀😀😀😀", 3)).toBe("😀😀…");
  });

  it.each([
    ["Harbour Notes", "HN"],
    ["harbour", "HA"],
    ["https://www.example.com/feed", "EC"],
    ["海岸时报", "海岸"],
    ["", "?"],
  ])("initialsOf(%s)", (name, expected) => {
    expect(initialsOf(name)).toBe(expected);
  });

  it("names a URL's host without www", () => {
    expect(hostOf("https://www.harbour.example/a")).toBe("harbour.example");
    expect(hostOf("rsshub://x")).toBeNull();
  });
});

describe("the page shell", () => {
  const index = `<!doctype html><html><head><meta charset="UTF-8" /><meta name="description" content="Default" /><title>Tidings</title><script type="module" src="/assets/a.js"></script></head><body><div id="app-skeleton"></div><div id="root"></div></body></html>`;

  it("puts the page's head before </head> and its body in the root element, dropping the default title and description", () => {
    const html = createShell(index).render({ head: "<title>Page</title>", body: "<main>Body</main>" });
    expect(html).toBe(`<!doctype html><html><head><meta charset="UTF-8" /><script type="module" src="/assets/a.js"></script><title>Page</title></head><body><div id="app-skeleton"></div><div id="root"><main>Body</main></div></body></html>`);
  });

  it("uses a bare page when there is no client build, or an index.html without a root element", () => {
    for (const source of [null, "<html><body>no root</body></html>"]) {
      const html = createShell(source).render({ head: "<title>Page</title>", body: "<main>Body</main>" });
      expect(html).toMatch(/<title>Page<\/title>\s*<\/head>/);
      expect(html).toContain('<div id="root"><main>Body</main></div>');
    }
  });
});
