// URL checks of the entry sanitiser. Every URL is run through the WHATWG URL parser, the one
// browsers use, so the scheme we check is the scheme a browser would see: tabs and newlines
// inside `jav&#x09;ascript:`, mixed case, leading control characters and backslashes are all
// normalised by the parser before we look at the result.

/** What a URL attribute points at, which decides the schemes it may use. */
export type UrlKind = "link" | "media";

// Stands in for the base when none is known, to tell relative URLs from absolute ones. It is
// https so that a protocol-relative `//host/x` resolves to https, as the policy wants.
const PLACEHOLDER = new URL("https://relative.tidings.invalid/");
const PLACEHOLDER_HOST = PLACEHOLDER.host;

// data: URLs allowed for media: raster images only (an SVG image may carry links and scripts
// that some contexts run; an HTML or other document must never be a source).
const DATA_IMAGE = /^data:image\/(?:png|gif|jpeg|webp|avif)[;,]/i;

// Click and campaign identifiers: they only serve tracking and make identical links differ.
const TRACKING_PARAM = /^(?:utm_[^=]*|fbclid|gclid|mc_cid|mc_eid)$/i;

// The characters the URL parser strips anywhere (tab, LF, CR).
const STRIPPED = /[\t\n\r]/g;
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u001f\u007f]/;
const PROTOCOL_RELATIVE = /^[\\/]{2}/;
const INVISIBLE = /[\s\p{Cf}]/gu;
const SCHEME = /^([a-z][a-z\d+.-]*):/i;
// An absolute http(s) URL with an authority: the base plays no part in how it parses.
const ABSOLUTE_HTTP = /^https?:\/\//i;
// A query that may hold a tracking parameter (a percent-encoded name may hide one).
const MAYBE_TRACKING = /utm_|fbclid|gclid|mc_[ce]id|%/i;

/**
 * The base URL relative URLs resolve against: only an absolute http(s) URL qualifies. Its
 * credentials are dropped: a private feed's `user:password@` must not end up in every image
 * URL of its entries, shown to whoever reads them.
 */
export function parseBaseUrl(baseUrl: string | null | undefined): URL | null {
  if (!baseUrl) return null;
  const url = URL.parse(baseUrl.trim());
  if (!url || (url.protocol !== "http:" && url.protocol !== "https:")) return null;
  // Each setter re-serialises the URL: only call them when there is something to remove.
  if (url.username) url.username = "";
  if (url.password) url.password = "";
  return url;
}

/**
 * The safe form of one URL attribute value, or null when the attribute must go. Absolute
 * results are the parser's serialisation (what a browser would request) with tracking
 * parameters removed. Without a base, a relative URL is kept as written: it holds no scheme,
 * so a browser resolves it against the reader's own http(s) origin.
 */
export function cleanUrl(raw: string, kind: UrlKind, base: URL | null): string | null {
  const trimmed = raw.trim();
  const controls = CONTROL.test(trimmed);
  const value = controls ? trimmed.replace(STRIPPED, "") : trimmed;
  // Control characters are never part of a real URL; they are how filters get fooled.
  if (value === "" || (controls && CONTROL.test(value))) return null;
  // Most URLs in feeds are absolute http(s) ones: their scheme is plain to see and the base
  // plays no part, so they need one parse and none of the checks below.
  if (ABSOLUTE_HTTP.test(value)) {
    const url = URL.parse(value);
    if (!url) return null;
    if (url.host !== PLACEHOLDER_HOST) return hrefWithoutTracking(url);
    return !base && url.protocol === PLACEHOLDER.protocol ? stripRelativeTrackingParams(value) : null;
  }
  const protocolRelative = PROTOCOL_RELATIVE.test(value);
  const url = URL.parse(value, (protocolRelative || !base ? PLACEHOLDER : base).href);
  if (!url) return null;
  // The scheme a value seems to have once spaces and invisible characters are squeezed out must
  // be the one the parser found. `\u200bjavascript:` or `java script:` are relative paths to a
  // browser, harmless, but no real URL either: only bait for more lenient parsers.
  const claimed = SCHEME.exec(value.slice(0, 256).replace(INVISIBLE, ""))?.[1];
  if (claimed !== undefined && url.protocol !== `${claimed.toLowerCase()}:`) return null;
  if (!base && !protocolRelative && url.host === PLACEHOLDER_HOST && url.protocol === PLACEHOLDER.protocol) {
    return stripRelativeTrackingParams(value);
  }
  if (url.protocol === "http:" || url.protocol === "https:") {
    if (url.host === PLACEHOLDER_HOST) return null;
    return hrefWithoutTracking(url);
  }
  if (kind === "media" && url.protocol === "data:" && DATA_IMAGE.test(url.href)) return url.href;
  return null;
}

/** Removes utm_*, fbclid, gclid, mc_cid and mc_eid from the query, leaving the rest as written. */
export function stripTrackingParams(url: URL): void {
  if (url.search.length < 2) return;
  const query = withoutTrackingParams(url.search.slice(1));
  if (query !== url.search.slice(1)) url.search = query;
}

/**
 * `url.href` after {@link stripTrackingParams}, without the re-parse of the URL that setting
 * `search` costs: the query is already serialised, so taking parameters out of it is plain
 * string work. Falls back to the setter where the setter would read the new query specially
 * (a leading "?", or an empty fragment the getters do not show).
 */
function hrefWithoutTracking(url: URL): string {
  const search = url.search;
  if (search.length < 2 || !MAYBE_TRACKING.test(search)) return url.href;
  const query = withoutTrackingParams(search.slice(1));
  if (query === search.slice(1)) return url.href;
  const href = url.href;
  const tail = search + url.hash;
  if (query.startsWith("?") || !href.endsWith(tail)) {
    stripTrackingParams(url);
    return url.href;
  }
  return href.slice(0, href.length - tail.length) + (query ? `?${query}` : "") + url.hash;
}

/** The same for a relative URL, which is kept as written and so is edited as a string. */
function stripRelativeTrackingParams(value: string): string {
  const hashAt = value.indexOf("#");
  const head = hashAt < 0 ? value : value.slice(0, hashAt);
  const queryAt = head.indexOf("?");
  if (queryAt < 0) return value;
  const query = withoutTrackingParams(head.slice(queryAt + 1));
  return head.slice(0, queryAt) + (query ? `?${query}` : "") + value.slice(head.length);
}

// Rejoining the untouched parts keeps their original encoding (URLSearchParams would not).
function withoutTrackingParams(query: string): string {
  const parts = query.split("&");
  const kept = parts.filter((part) => !TRACKING_PARAM.test(decodeKey(part)));
  return kept.length === parts.length ? query : kept.join("&");
}

function decodeKey(part: string): string {
  const equals = part.indexOf("=");
  const key = equals < 0 ? part : part.slice(0, equals);
  if (!key.includes("%") && !key.includes("+")) return key;
  try {
    return decodeURIComponent(key.replaceAll("+", " "));
  } catch {
    return key;
  }
}

const DESCRIPTOR = /^(?:\d+w|\d+(?:\.\d+)?x|\d+h)?$/;
const WHITESPACE = /[\t\n\f\r ]/;

/**
 * The safe form of a srcset: each candidate URL checked and absolutised like a src, candidates
 * with a bad URL or descriptor dropped; null when none remains.
 */
export function cleanSrcset(raw: string, base: URL | null): string | null {
  const kept: string[] = [];
  for (const { url, descriptor } of parseSrcset(raw)) {
    if (!DESCRIPTOR.test(descriptor)) continue;
    const clean = cleanUrl(url, "media", base);
    // A candidate URL cannot hold a space, and a trailing comma would end it early.
    if (clean === null || WHITESPACE.test(clean) || clean.endsWith(",")) continue;
    kept.push(descriptor ? `${clean} ${descriptor}` : clean);
  }
  return kept.length > 0 ? kept.join(", ") : null;
}

/** srcset candidates, split the way the HTML standard's srcset parser does (commas may sit inside URLs). */
function parseSrcset(value: string): Array<{ url: string; descriptor: string }> {
  const candidates: Array<{ url: string; descriptor: string }> = [];
  const n = value.length;
  let i = 0;
  while (i < n) {
    while (i < n && (WHITESPACE.test(value[i] ?? "") || value[i] === ",")) i++;
    if (i >= n) break;
    const start = i;
    while (i < n && !WHITESPACE.test(value[i] ?? "")) i++;
    let url = value.slice(start, i);
    let descriptor = "";
    if (url.endsWith(",")) {
      url = url.replace(/,+$/, "");
    } else {
      const from = i;
      let depth = 0;
      for (; i < n; i++) {
        const c = value[i];
        if (c === "(") depth++;
        else if (c === ")") depth = Math.max(0, depth - 1);
        else if (c === "," && depth === 0) break;
      }
      descriptor = value.slice(from, i).trim().toLowerCase();
      i++;
    }
    if (url) candidates.push({ url, descriptor });
  }
  return candidates;
}
