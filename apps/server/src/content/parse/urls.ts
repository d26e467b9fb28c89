const isWeb = (url: URL) => url.protocol === "http:" || url.protocol === "https:";
const HTTP_BASE = /^https?:\/\//i;

// A path (and query) that URL parsing leaves exactly as written: characters no percent-encode
// set touches, no dot segments (written or encoded), no backslash, fragment or whitespace.
const PLAIN_PATH = /^\/[\w\-.~!$&()*+,;=:@/%]*(?:\?[\w\-.~!$&()*+,;=:@/%?]*)?$/;
const DOT_SEGMENT = /\/\.|%2e/i;
const isPlainPath = (path: string) => PLAIN_PATH.test(path) && !DOT_SEGMENT.test(path);

/** Scheme and authority ("https://host:8080") of http(s) URLs found to be written canonically. */
const canonicalOrigins = new Map<string, boolean>();

/**
 * Where the path of `url` starts when `url` is an http(s) URL whose scheme and authority are
 * written exactly as URL parsing writes them (lower case, no default port…), else -1.
 */
function plainPathStart(url: string): number {
  const start = url.startsWith("https://") ? 8 : url.startsWith("http://") ? 7 : -1;
  if (start === -1) return -1;
  let end = start;
  for (; end < url.length; end++) {
    const code = url.charCodeAt(end);
    if (code === 0x2f /* / */ || code === 0x5c /* \ */ || code === 0x3f /* ? */ || code === 0x23 /* # */) break;
  }
  if (url.charCodeAt(end) !== 0x2f) return -1;
  const origin = url.slice(0, end);
  let canonical = canonicalOrigins.get(origin);
  if (canonical === undefined) {
    canonical = URL.parse(`${origin}/`)?.href === `${origin}/`;
    if (canonicalOrigins.size > 1000) canonicalOrigins.clear();
    canonicalOrigins.set(origin, canonical);
  }
  return canonical ? end : -1;
}

/**
 * `value` resolved against `base` without parsing, when the result is certain: an absolute URL
 * already in canonical form, or a path ("/x") against a canonical base. Links in feeds are
 * nearly all one or the other, and URL parsing is the costliest part of normalising an entry.
 */
function resolvePlain(text: string, base: string | undefined): string | null {
  const code = text.charCodeAt(0);
  if (code === 0x68 /* h */) {
    const path = plainPathStart(text);
    return path !== -1 && isPlainPath(text.slice(path)) ? text : null;
  }
  if (code === 0x2f /* / */ && text.charCodeAt(1) !== 0x2f && base !== undefined && isPlainPath(text)) {
    const path = plainPathStart(base);
    return path !== -1 ? base.slice(0, path) + text : null;
  }
  return null;
}

/**
 * `value` as an absolute http(s) URL, resolved against the first usable base; `null` when it is
 * empty or not a web URL. Protocol-relative URLs (`//host/x`) become https.
 */
export function absoluteUrl(value: string | null | undefined, ...bases: (string | null | undefined)[]): string | null {
  if (!value) return null;
  const text = value.trim();
  if (!text) return null;
  const base = bases.find((candidate): candidate is string => !!candidate && HTTP_BASE.test(candidate));
  const plain = resolvePlain(text, base);
  if (plain !== null) return plain;
  // Only a text with a colon can be absolute on its own (URL.parse, unlike `new URL`, does not
  // throw: most links in feeds are relative, and an exception per link is slow).
  if (text.startsWith("//") || text.includes(":")) {
    const own = URL.parse(text.startsWith("//") ? `https:${text}` : text);
    if (own) return isWeb(own) ? own.href : null;
  }
  for (const candidate of bases) {
    if (!candidate || !HTTP_BASE.test(candidate)) continue;
    const url = URL.parse(text, candidate);
    if (url) return isWeb(url) ? url.href : null;
  }
  return null;
}
