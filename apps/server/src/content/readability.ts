import { Readability } from "@mozilla/readability";
import { parseHTML } from "linkedom";
import { sanitizeHtml } from "./sanitize/sanitize.ts";

export interface ReadableArticle {
  title: string | null;
  byline: string | null;
  /** The article's HTML, sanitised, links absolute. */
  content: string;
  textLength: number;
  language: string | null;
}

const MIN_ARTICLE_TEXT = 140;

/**
 * The main article of a web page (Mozilla Readability over linkedom, about 5 ms a page), sanitised
 * like every entry's content; `null` when the page has no article to speak of.
 */
export function extractArticle(html: string, pageUrl: string): ReadableArticle | null {
  const { document } = parseHTML(html);
  // linkedom documents have no URL: Readability cannot resolve links, the sanitiser does.
  const article = new Readability(document as unknown as ConstructorParameters<typeof Readability>[0], { charThreshold: 200 }).parse();
  // Readability returns something for any page; a few words of navigation are no article.
  if (!article?.content || (article.length ?? 0) < MIN_ARTICLE_TEXT) return null;
  const content = sanitizeHtml(article.content, { baseUrl: pageUrl });
  if (!content) return null;
  return {
    title: article.title?.trim() || null,
    byline: article.byline?.trim() || null,
    content,
    textLength: article.length ?? 0,
    language: article.lang?.trim() || null,
  };
}
