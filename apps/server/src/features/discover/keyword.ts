import { normalizeFeedUrl } from "../../content/feed-url.ts";

// Top-level domains common enough that "name.tld" typed alone means a site, not a word: "node.js"
// or "asp.net-core" stay keywords unless they carry a scheme or a path.
const SITE_TLDS = new Set(
  "com org net io dev app co me info xyz blog news site tech ai cn jp kr tw hk de uk fr es it nl ru br in ca au eu us ch se no fi pl be at cz dk ie nz sg".split(" "),
);
const HOST = /^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+([a-z]{2,})(?::\d+)?$/i;
const IPV4 = /^\d{1,3}(?:\.\d{1,3}){3}(?::\d+)?$/;

/**
 * The URL a discover keyword stands for, or null when it is a plain keyword: anything with a
 * scheme (http(s)://, rsshub://, feed:), a host followed by a path ("example.com/feed"), or a
 * bare host on a common top-level domain ("example.com", "www.example.org").
 */
export function asDiscoverableUrl(keyword: string): string | null {
  const text = keyword.trim();
  if (!text || /\s/.test(text)) return null;
  if (/^(?:https?|rsshub|rss):\/\//i.test(text) || /^feed:/i.test(text)) return normalizeFeedUrl(text);
  const slash = text.indexOf("/");
  const host = slash === -1 ? text : text.slice(0, slash);
  const tld = HOST.exec(host)?.[1]?.toLowerCase();
  const isHost = tld !== undefined || IPV4.test(host);
  if (!isHost) return null;
  if (slash !== -1 || host.toLowerCase().startsWith("www.") || (tld && SITE_TLDS.has(tld))) return normalizeFeedUrl(text);
  return null;
}
