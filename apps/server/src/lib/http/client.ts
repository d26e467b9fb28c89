import http from "node:http";
import https from "node:https";
import { systemResolver } from "./address-guard.ts";
import { addressScope } from "./address-scope.ts";
import { ACCEPT_ENCODING } from "./decompress.ts";
import { FetchError } from "./errors.ts";
import { parseFetchUrl, RedirectChain, redirectHop } from "./redirects.ts";
import { type Agents, exchange, type HopContext } from "./transport.ts";
import type { Hop, HttpClient, HttpClientOptions, HttpRequest, HttpResponse } from "./types.ts";

/** Sent unless the caller sets its own Accept: feeds first, then pages that may link to one. */
export const DEFAULT_ACCEPT =
  "application/rss+xml, application/atom+xml, application/feed+json, application/json;q=0.9, application/xml;q=0.9, text/xml;q=0.9, text/html;q=0.8, */*;q=0.7";

const DEFAULTS = { connectTimeoutMs: 10_000, totalTimeoutMs: 30_000, maxBytes: 10 * 1024 * 1024, maxRedirects: 5 };

// Polling many feeds of one host reuses a few warm connections instead of opening one each.
// `timeout` only closes idle pooled sockets (Node also honours a server's Keep-Alive hint),
// so a server closing them first is rare; the transport retries GET/HEAD once if it happens.
const AGENT_OPTIONS: http.AgentOptions = { keepAlive: true, maxSockets: 16, maxFreeSockets: 16, scheduling: "lifo", timeout: 15_000 };

/**
 * Creates an HTTP client for outbound fetches: every hop's addresses must pass the address test
 * of its `reach`, and the socket connects only to those checked addresses.
 */
export function createHttpClient(options: HttpClientOptions): HttpClient {
  const settings = {
    connectTimeoutMs: options.connectTimeoutMs ?? DEFAULTS.connectTimeoutMs,
    totalTimeoutMs: options.totalTimeoutMs ?? DEFAULTS.totalTimeoutMs,
    maxBytes: options.maxBytes ?? DEFAULTS.maxBytes,
    maxRedirects: options.maxRedirects ?? DEFAULTS.maxRedirects,
  };
  const scopeOf = options.scopeOf ?? addressScope;
  const policy = options.isAddressAllowed ?? (options.reach === "private-networks" ? (address: string) => scopeOf(address) !== "never" : (address: string) => scopeOf(address) === "public");
  const resolve = options.resolve ?? systemResolver;
  const agents: Agents = { http: new http.Agent(AGENT_OPTIONS), https: new https.Agent(AGENT_OPTIONS) };
  const inFlight = new Set<AbortController>();
  let closed = false;

  async function request(request: HttpRequest): Promise<HttpResponse> {
    if (closed) throw new FetchError("aborted", request.url, "the HTTP client is closed");
    const first = firstHop(request, options.userAgent);
    const controller = new AbortController();
    inFlight.add(controller);
    const stopDeadline = startDeadline(controller, settings.totalTimeoutMs, request.signal, first.url.href);
    const ctx: HopContext = {
      agents,
      resolve,
      policy,
      scopeOf,
      connectTimeoutMs: settings.connectTimeoutMs,
      maxBytes: request.maxBytes ?? settings.maxBytes,
      signal: controller.signal,
    };
    try {
      const chain = new RedirectChain(first, settings.maxRedirects);
      let hop = first;
      let privateNetwork = false;
      for (;;) {
        const answer = await exchange(hop, ctx);
        privateNetwork ||= answer.privateNetwork;
        if (answer.location === null) {
          const { status, headers, body } = answer;
          return { status, headers, body, url: hop.url.href, redirects: chain.followed, permanentUrl: chain.permanentUrl(hop), privateNetwork };
        }
        const next = redirectHop(hop, answer.status, answer.location);
        chain.add(hop, answer.status, next);
        hop = next;
      }
    } finally {
      stopDeadline();
      inFlight.delete(controller);
    }
  }

  return {
    request,
    close() {
      closed = true;
      for (const controller of inFlight) controller.abort(new FetchError("aborted", "", "the HTTP client was closed"));
      agents.http.destroy();
      agents.https.destroy();
    },
  };
}

/** The first request of a chain: the client's defaults, then the caller's headers and validators. */
function firstHop(request: HttpRequest, userAgent: string): Hop {
  const url = parseFetchUrl(request.url);
  // A Map, not an object: a header named "__proto__" must stay a header.
  const headers = new Map<string, string>([
    ["user-agent", userAgent],
    ["accept", DEFAULT_ACCEPT],
    ["accept-encoding", ACCEPT_ENCODING],
  ]);
  for (const [name, value] of Object.entries(request.headers ?? {})) headers.set(name.toLowerCase(), value);
  if (request.etag) headers.set("if-none-match", request.etag);
  if (request.lastModified) headers.set("if-modified-since", request.lastModified);
  // Credentials in the URL become Basic auth; redirectHop drops the header when the chain
  // leaves this origin, and the URL's own userinfo is never put on the wire.
  if ((url.username || url.password) && !headers.has("authorization")) headers.set("authorization", basicAuth(url));
  const body = request.body === undefined ? null : Buffer.from(request.body);
  if (body !== null) headers.set("content-length", String(body.length));
  return { url, method: request.method ?? "GET", headers: Object.fromEntries(headers), body };
}

function basicAuth(url: URL): string {
  const decode = (text: string) => {
    try {
      return decodeURIComponent(text);
    } catch {
      return text;
    }
  };
  return `Basic ${Buffer.from(`${decode(url.username)}:${decode(url.password)}`).toString("base64")}`;
}

/** Aborts `controller` when the total time is up or the caller aborts; returns the cleanup. */
function startDeadline(controller: AbortController, totalTimeoutMs: number, callerSignal: AbortSignal | undefined, url: string): () => void {
  const timer = setTimeout(
    () => controller.abort(new FetchError("timeout", url, `no complete response within ${totalTimeoutMs} ms`)),
    totalTimeoutMs,
  );
  const onAbort = () => controller.abort(new FetchError("aborted", url, "the request was aborted", { cause: callerSignal?.reason }));
  if (callerSignal?.aborted) onAbort();
  else callerSignal?.addEventListener("abort", onAbort, { once: true });
  return () => {
    clearTimeout(timer);
    callerSignal?.removeEventListener("abort", onAbort);
  };
}
