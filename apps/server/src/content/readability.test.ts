import { describe, expect, it } from "vitest";
import { extractArticle } from "./readability.ts";

const paragraph = (n: number) =>
  `<p>Paragraph ${n} of the article explains, at some length, why feed readers should fetch the whole article when a feed only carries a summary, and how they keep what they fetch safe.</p>`;

const page = `<!doctype html><html lang="en"><head><title>Full article | Site</title><script>track()</script></head><body>
<nav><a href="/">Home</a> <a href="/about">About</a></nav>
<article><h1>Full article</h1><p class="byline">By Ann Writer</p>
${Array.from({ length: 8 }, (_, i) => paragraph(i + 1)).join("\n")}
<p><img src="/images/figure.png" alt="Figure" onerror="alert(1)"> <a href="related.html?utm_source=feed&id=3">Related</a></p>
</article><aside>Subscribe to our newsletter!</aside><footer>© Site</footer></body></html>`;

describe("extractArticle", () => {
  it("keeps the article, drops the chrome, and sanitises with absolute links", () => {
    const article = extractArticle(page, "https://news.example/2026/11/full-article")!;
    expect(article.title).toMatch(/Full article/);
    expect(article.language).toBe("en");
    expect(article.content).toContain("Paragraph 8 of the article");
    expect(article.content).not.toContain("Subscribe to our newsletter");
    expect(article.content).not.toContain("onerror");
    expect(article.content).not.toContain("<script");
    expect(article.content).toContain('src="https://news.example/images/figure.png"');
    expect(article.content).toContain('href="https://news.example/2026/11/related.html?id=3"');
  });

  it("answers null for a page with no article", () => {
    expect(extractArticle("<html><body><nav>Home</nav></body></html>", "https://x.example/")).toBeNull();
  });
});
