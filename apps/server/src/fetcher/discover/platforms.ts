/**
 * Feed addresses of well-known platforms, computed from a page URL without fetching anything.
 * Each returned URL is still fetched and parsed before it is offered.
 */
export function platformFeeds(input: URL): string[] {
  const host = input.hostname.replace(/^(www|m|mobile)\./, "").toLowerCase();
  const parts = input.pathname.split("/").filter(Boolean);
  if (host === "youtube.com") {
    const youtube = "https://www.youtube.com/feeds/videos.xml";
    if (parts[0] === "channel" && parts[1]) return [`${youtube}?channel_id=${encodeURIComponent(parts[1])}`];
    if (parts[0] === "user" && parts[1]) return [`${youtube}?user=${encodeURIComponent(parts[1])}`];
    const list = input.searchParams.get("list");
    if (list) return [`${youtube}?playlist_id=${encodeURIComponent(list)}`];
    return [];
  }
  if (host === "github.com" && parts.length >= 1) {
    const [owner, repo] = parts;
    if (!repo) return [`https://github.com/${owner}.atom`];
    const base = `https://github.com/${owner}/${repo.replace(/\.git$/, "")}`;
    return [`${base}/releases.atom`, `${base}/commits.atom`, `${base}/tags.atom`];
  }
  if (host === "reddit.com" || host === "old.reddit.com") {
    if ((parts[0] === "r" || parts[0] === "user" || parts[0] === "u") && parts[1]) {
      const kind = parts[0] === "r" ? "r" : "user";
      return [`https://www.reddit.com/${kind}/${parts[1]}/.rss`];
    }
    return [];
  }
  // Mastodon (and other ActivityPub servers that copy it) serve a profile's posts at /@user.rss.
  if (parts.length === 1 && /^@[\w.-]+$/.test(parts[0]!)) return [`${input.origin}/${parts[0]}.rss`];
  return [];
}

/** Paths where sites commonly publish their feed, tried when a page links none. */
export const WELL_KNOWN_PATHS = ["/feed", "/rss", "/feed.xml", "/rss.xml", "/atom.xml", "/index.xml", "/feed.json", "/?feed=rss2", "/feeds/posts/default"];
