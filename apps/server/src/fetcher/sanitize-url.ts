// URL checks of the entry sanitiser. Every URL is run through the WHATWG URL parser, the one
// browsers use, so the scheme we check is the scheme a browser would see: tabs and newlines
// inside `jav&#x09;ascript:`, mixed case, leading control characters and backslashes are all
// normalised by the parser before we look at the result.

/** What a URL attribute points at, which decides the schemes it may use. */
export type UrlKind = "link" | "media";

// Stands in for the base when none is known, to tell relative URLs from absolute ones. It is
// https so that a protocol-relative `//host/x` resolves to https, as the policy wants.
const PLACEHOLDER = new URL("https://relative.tidings.invalid/");

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

/**
 * The base URL relative URLs resolve against: only an absolute http(s) URL qualifies. Its
 * credentials are dropped: a private feed's `user:password@` must not end up in every image
 * URL of its entries, shown to whoever reads them.
 */
export function parseBaseUrl(baseUrl: string | null | undefined): URL | null {
  if (!baseUrl) return null;
  const url = URL.parse(baseUrl.trim());
  if (!url || (url.protocol !== "http:" && url.protocol !== "https:")) return null;
  url.username = "";
  url.password = "";
  return url;
}

/**
 * The safe form of one URL attribute value, or null when the attribute must go. Absolute
 * results are the parser's serialisation (what a browser would request) with tracking
 * parameters removed. Without a base, a relative URL is kept as written: it holds no scheme,
 * so a browser resolves it against the reader's own http(s) origin.
 */
export function cleanUrl(raw: string, kind: UrlKind, base: URL | null): string | null {
  const value = raw.trim().replace(STRIPPED, "");
  // Control characters are never part of a real URL; they are how filters get fooled.
  if (value === "" || CONTROL.test(value)) return null;
  const protocolRelative = PROTOCOL_RELATIVE.test(value);
  const url = URL.parse(value, (protocolRelative || !base ? PLACEHOLDER : base).href);
  if (!url) return null;
  // The scheme a value seems to have once spaces and invisible characters are squeezed out must
  // be the one the parser found. `\u200bjavascript:` or `java script:` are relative paths to a
  // browser, harmless, but no real URL either: only bait for more lenient parsers.
  const claimed = SCHEME.exec(value.slice(0, 256).replace(INVISIBLE, ""))?.[1];
  if (claimed !== undefined && url.protocol !== `${claimed.toLowerCase()}:`) return null;
  if (!base && !protocolRelative && url.host === PLACEHOLDER.host && url.protocol === PLACEHOLDER.protocol) {
    return stripRelativeTrackingParams(value);
  }
  if (url.protocol === "http:" || url.protocol === "https:") {
    if (url.host === PLACEHOLDER.host) return null;
    stripTrackingParams(url);
    return url.href;
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
  const key = part.split("=", 1)[0] ?? "";
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
