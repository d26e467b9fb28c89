/**
 * URL checks for entry content. Entry HTML comes from anywhere on the web, so every URL that
 * reaches the DOM goes through here: only http(s) (and, for images, inline raster data) survive,
 * which keeps javascript:, vbscript:, data:text/html and friends out however they are spelled
 * (the URL parser already strips the tabs, newlines and case tricks used to hide them).
 */

const WEB_PROTOCOLS = new Set(["http:", "https:"]);

/** Raster images only: an inline SVG document is the one image type that can carry markup. */
const DATA_IMAGE = /^data:image\/(?:png|jpe?g|gif|webp|avif|bmp|x-icon);base64,[a-z0-9+/=\s]+$/i;

/** Video files recognised in content (spec §2): mp4 and webm, query string and fragment allowed. */
const VIDEO_PATH = /\.(?:mp4|webm)$/i;

/**
 * Resolves `raw` against `baseUrl` and returns the absolute URL when it is http(s), else null.
 * Protocol-relative URLs (`//host/path`) fall back to https when there is no base to borrow from.
 */
export function resolveWebUrl(raw: string | null | undefined, baseUrl?: string): string | null {
  if (raw == null) return null;
  const value = raw.trim();
  if (!value) return null;
  let url: URL;
  try {
    url = new URL(value, safeBase(baseUrl) ?? (value.startsWith("//") ? "https://invalid.example/" : undefined));
  } catch {
    return null;
  }
  return WEB_PROTOCOLS.has(url.protocol) ? url.href : null;
}

/** The base URL itself is entry data too: only an http(s) base may anchor relative links. */
function safeBase(baseUrl: string | undefined): string | undefined {
  if (!baseUrl) return undefined;
  try {
    const base = new URL(baseUrl);
    return WEB_PROTOCOLS.has(base.protocol) ? base.href : undefined;
  } catch {
    return undefined;
  }
}

/** An image source: an http(s) URL or an inline raster image (`data:image/png;base64,…`). */
export function resolveImageUrl(raw: string | null | undefined, baseUrl?: string): string | null {
  if (raw == null) return null;
  const value = raw.trim();
  if (/^data:/i.test(value)) return DATA_IMAGE.test(value) ? value.replace(/\s+/g, "") : null;
  return resolveWebUrl(value, baseUrl);
}

/**
 * A `srcset` with every candidate resolved, or null when any candidate is unsafe (dropping the whole
 * attribute is simpler and safer than guessing which half of a malformed list was meant).
 */
export function resolveSrcset(raw: string | null | undefined, baseUrl?: string): string | null {
  if (!raw?.trim()) return null;
  const candidates = raw.trim().split(/,\s+/);
  const out: string[] = [];
  for (const candidate of candidates) {
    const [url, descriptor, ...rest] = candidate.trim().split(/\s+/);
    if (!url || rest.length > 0 || (descriptor && !/^\d+(?:\.\d+)?[wx]$/.test(descriptor))) return null;
    const resolved = resolveWebUrl(url, baseUrl);
    if (!resolved) return null;
    out.push(descriptor ? `${resolved} ${descriptor}` : resolved);
  }
  return out.join(", ");
}

/** True when the URL points at a video file the browser can play inline (mp4 or webm). */
export function isVideoUrl(url: string): boolean {
  try {
    return VIDEO_PATH.test(new URL(url).pathname);
  } catch {
    return false;
  }
}
