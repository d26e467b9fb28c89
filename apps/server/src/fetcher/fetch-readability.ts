import type { Executor } from "../db/client.ts";
import { entriesStoreRepo } from "../features/entries/index.ts";
import type { HttpClient } from "../lib/http/index.ts";
import { decodeDocument } from "../content/decode/decode.ts";

/**
 * Fetches an entry's page, extracts its article and keeps it as the entry's `readabilityContent`.
 * Returns the stored HTML, or null when the page could not be fetched or holds no article (the
 * caller says so to the reader; nothing is stored then, so a later try can succeed). A page on a
 * private network (fetched for a reader the policy lets use one) goes to that reader only: the
 * entry is shared by every reader of its feed, so nothing of it is kept.
 */
export async function fetchReadability(
  deps: { db: Executor; http: HttpClient },
  entry: { id: string; url: string | null },
): Promise<string | null> {
  if (!entry.url) return null;
  const response = await deps.http.request({ url: entry.url, headers: { accept: "text/html,application/xhtml+xml;q=0.9,*/*;q=0.5" } });
  if (response.status < 200 || response.status >= 300) return null;
  const contentType = response.headers["content-type"] ?? "";
  if (contentType && !/html|xml/i.test(contentType)) return null;
  // Readability and linkedom load with the first article extracted, not with the server.
  const { extractArticle } = await import("../content/readability.ts");
  const article = extractArticle(decodeDocument(response.body, contentType).text, response.url);
  if (!article) return null;
  if (!response.privateNetwork) await entriesStoreRepo.update(deps.db, entry.id, { readabilityContent: article.content });
  return article.content;
}
