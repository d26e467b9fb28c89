import { describe, expect, it } from "vitest";
import { escapeHtml, highlightSnippet, highlightTitle, matchRanges, SNIPPET_CHARS } from "./search-highlight.ts";
import { parseSearchQuery } from "./search-query.ts";

const terms = (q: string) => parseSearchQuery(q)!.highlights;

describe("highlights", () => {
  it("marks whole words, prefixes and CJK substrings, case- and accent-insensitively", () => {
    expect(highlightTitle("Rust compilers and RUST", terms("rust "))).toBe("<mark>Rust</mark> compilers and <mark>RUST</mark>");
    expect(highlightTitle("Rust compilers", terms("compil"))).toBe("Rust <mark>compil</mark>ers");
    expect(highlightTitle("Trust no one", terms("rust "))).toBe("Trust no one");
    expect(highlightTitle("Café crème", terms("cafe creme "))).toBe("<mark>Café</mark> <mark>crème</mark>");
    expect(highlightTitle("今天东京的天气很好", terms("天气 "))).toBe("今天东京的<mark>天气</mark>很好");
    expect(highlightTitle("iPhone用ケース", terms("iphone "))).toBe("<mark>iPhone</mark>用ケース");
  });

  it("escapes everything outside the marks", () => {
    expect(highlightTitle(`<script>alert("x")</script> & rust`, terms("rust "))).toBe("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; <mark>rust</mark>");
    expect(escapeHtml(`a'b"c<d>&`)).toBe("a&#39;b&quot;c&lt;d&gt;&amp;");
    expect(highlightTitle(null, terms("rust "))).toBeNull();
  });

  it("merges overlapping matches", () => {
    expect(matchRanges("東京都", terms("東京 京都 "))).toEqual([[0, 3]]);
  });

  it("cuts a snippet around the first match, on word boundaries, with ellipses", () => {
    const body = `${"wordy ".repeat(40)}the needle is here ${"ipsum ".repeat(60)}`;
    const snippet = highlightSnippet(body, terms("needle "));
    expect(snippet).toMatch(/^…wordy /);
    expect(snippet).toMatch(/ ipsum…$/);
    expect(snippet).toContain("the <mark>needle</mark> is here");
    expect(snippet.length).toBeLessThan(SNIPPET_CHARS + 60);
  });

  it("starts at the beginning when only the title matched, and keeps short bodies whole", () => {
    expect(highlightSnippet("A short body", terms("title "))).toBe("A short body");
    expect(highlightSnippet("x".repeat(300), terms("title ")).endsWith("…")).toBe(true);
    expect(highlightSnippet("", terms("title "))).toBe("");
  });
});
