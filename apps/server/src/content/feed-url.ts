/**
 * The URL a feed is fetched from. Feeds keep `rsshub://namespace/path` as their address, so that a
 * change of RSSHub instance moves every such feed at once; at fetch time the address resolves
 * against the configured instance (`RSSHUB_URL`).
 *
 * @example resolveFetchUrl("rsshub://github/issue/DIYgod/RSSHub", "https://rsshub.app") // "https://rsshub.app/github/issue/DIYgod/RSSHub"
 */
export function resolveFetchUrl(url: string, rsshubUrl: string): string {
  if (!url.toLowerCase().startsWith("rsshub://")) return url;
  const route = url.slice("rsshub://".length).replace(/^\/+/, "");
  return `${rsshubUrl.replace(/\/+$/, "")}/${route}`;
}

/**
 * A feed URL as the product stores it: trimmed; `feed:`/`feed://` and `rss://` pseudo-schemes turned
 * into https; scheme and host lower-cased; the fragment dropped. `null` when it is not a web or
 * rsshub:// URL.
 */
export function normalizeFeedUrl(input: string): string | null {
  let text = input.trim();
  if (!text) return null;
  if (/^rsshub:\/\//i.test(text)) return `rsshub://${text.slice(9).replace(/^\/+/, "")}`;
  text = text.replace(/^feed:(\/\/)?/i, "").replace(/^rss:\/\//i, "https://");
  if (!/^[a-z][a-z0-9+.-]*:/i.test(text)) text = `https://${text.replace(/^\/\//, "")}`;
  try {
    const url = new URL(text);
    if (url.protocol !== "http:" && url.protocol !== "https:") return null;
    url.hash = "";
    return url.href;
  } catch {
    return null;
  }
}
