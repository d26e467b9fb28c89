import { resolveWebUrl } from "./url.ts";

/**
 * Players an entry may embed. Everything else in an `<iframe>` is dropped: a frame runs someone
 * else's page inside the reader, so only well-known video players over https are worth the risk,
 * and even those run sandboxed.
 */
const EMBED_HOSTS: Record<string, (path: string) => boolean> = {
  "www.youtube.com": (path) => path.startsWith("/embed/"),
  "youtube.com": (path) => path.startsWith("/embed/"),
  "www.youtube-nocookie.com": (path) => path.startsWith("/embed/"),
  "youtube-nocookie.com": (path) => path.startsWith("/embed/"),
  "player.vimeo.com": (path) => path.startsWith("/video/"),
  "player.bilibili.com": (path) => path === "/player.html" || path.startsWith("/player.html"),
};

/** Sandbox of embedded players: scripts for the player itself, never top navigation or forms. */
export const EMBED_SANDBOX = "allow-scripts allow-same-origin allow-presentation allow-popups";

/** What an embedded player may use. */
export const EMBED_ALLOW = "fullscreen; picture-in-picture; encrypted-media";

/** The https URL of an allowed video player, or null for any other frame source. */
export function resolveEmbedUrl(raw: string | null | undefined, baseUrl?: string): string | null {
  const resolved = resolveWebUrl(raw, baseUrl);
  if (!resolved) return null;
  const url = new URL(resolved);
  const allowed = EMBED_HOSTS[url.hostname.toLowerCase()];
  if (!allowed?.(url.pathname)) return null;
  if (url.username || url.password || url.port) return null;
  url.protocol = "https:";
  return url.href;
}

