import { FetchError } from "./errors.ts";
import type { Hop, HttpResponse } from "./types.ts";

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const PERMANENT = new Set([301, 308]);

// Headers that identify the user to the first origin and must not follow a redirect elsewhere.
const CREDENTIAL_HEADERS = ["authorization", "cookie", "proxy-authorization"];
// Headers that describe a body, dropped with the body when a redirect turns the request into GET.
const BODY_HEADERS = ["content-type", "content-length", "content-encoding", "content-language", "transfer-encoding"];

/** Whether a status is a redirect the client follows (given a Location). */
export function isRedirect(status: number): boolean {
  return REDIRECTS.has(status);
}

/** Parses a URL the client may fetch: http: or https:, else a FetchError. */
export function parseFetchUrl(input: string, base?: URL): URL {
  let url: URL;
  try {
    url = new URL(input, base);
  } catch (error) {
    const where = base === undefined ? input : base.href;
    throw new FetchError("invalid-url", where, `invalid URL: ${input}`, { cause: error });
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new FetchError("unsupported-protocol", url.href, `unsupported protocol ${url.protocol} (only http: and https:)`);
  }
  return url;
}

/**
 * Follows one redirect: the Location is resolved against the current URL, 303 (and 301/302
 * after a POST, as browsers do) become GET without a body, and credentials are dropped when
 * the redirect leaves the origin.
 */
export function redirectHop(current: Hop, status: number, location: string): Hop {
  const url = parseFetchUrl(location, current.url);
  const toGet = status === 303 ? current.method !== "HEAD" : (status === 301 || status === 302) && current.method === "POST";
  const headers = { ...current.headers };
  if (toGet) for (const name of BODY_HEADERS) delete headers[name];
  if (url.origin !== current.url.origin) for (const name of CREDENTIAL_HEADERS) delete headers[name];
  return { url, method: toGet ? "GET" : current.method, headers, body: toGet ? null : current.body };
}

/** The redirects of one request: counts hops, detects loops, knows whether all were permanent. */
export class RedirectChain {
  readonly maxRedirects: number;
  readonly followed: HttpResponse["redirects"] = [];
  readonly seen = new Set<string>();

  constructor(first: Hop, maxRedirects: number) {
    this.maxRedirects = maxRedirects;
    this.seen.add(hopKey(first));
  }

  /** Records a redirect from `from` to `next`, or throws "redirect-loop" / "too-many-redirects". */
  add(from: Hop, status: number, next: Hop): void {
    const key = hopKey(next);
    // The method is part of the key: POST /form → 303 → GET /form is a normal pattern, not a loop.
    if (this.seen.has(key)) throw new FetchError("redirect-loop", from.url.href, `redirect loop: ${next.url.href} was already requested`);
    if (this.followed.length >= this.maxRedirects) {
      throw new FetchError("too-many-redirects", from.url.href, `more than ${this.maxRedirects} redirects`);
    }
    this.seen.add(key);
    this.followed.push({ status, location: next.url.href });
  }

  /** The final URL when every redirect was permanent (and there was at least one); else null. */
  permanentUrl(final: Hop): string | null {
    if (this.followed.length === 0 || !this.followed.every((redirect) => PERMANENT.has(redirect.status))) return null;
    return final.url.href;
  }
}

/** What identifies a request in a chain: method and URL without its fragment (never sent). */
function hopKey(hop: Hop): string {
  const url = new URL(hop.url.href);
  url.hash = "";
  return `${hop.method} ${url.href}`;
}
