import http from "node:http";
import https from "node:https";
import type { Socket } from "node:net";
import { type AddressPolicy, bareHost, isAcceptablePeer, pinnedLookup, refusedAddress, resolveTarget } from "./address-guard.ts";
import { readBody } from "./decompress.ts";
import { errorCode, FetchError, toFetchError } from "./errors.ts";
import { isRedirect } from "./redirects.ts";
import type { Hop, ResolvedAddress, Resolver } from "./types.ts";

/** The keep-alive agents a client owns, one per protocol. */
export interface Agents {
  http: http.Agent;
  https: https.Agent;
}

/** What one hop needs from its client and its request. */
export interface HopContext {
  agents: Agents;
  resolve: Resolver;
  policy: AddressPolicy;
  /** Where an address leads: an answer from one that is not public is marked `privateNetwork`. */
  scopeOf: (address: string) => "public" | "private" | "never";
  connectTimeoutMs: number;
  maxBytes: number;
  /** Fires with a FetchError as reason: total timeout, caller abort or client closed. */
  signal: AbortSignal;
}

/** One HTTP answer; `location` is set only when the client should follow it. */
export interface HopAnswer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
  location: string | null;
  /** The answer came from an address that is not public (this machine or its networks). */
  privateNetwork: boolean;
}

// A pooled socket the server closed while idle fails the next request this way, before any
// response; such a request never reached the server and is safe to send again.
const STALE_SOCKET = new Set(["ECONNRESET", "EPIPE", "ECONNABORTED"]);
// A redirect's body is read to free its socket for reuse, unless it is larger than this.
const DISCARD_LIMIT = 64 * 1024;
const EMPTY = Buffer.alloc(0);

/** Sends one request (no redirects): checks its addresses, connects only to them, reads the answer. */
export async function exchange(hop: Hop, ctx: HopContext): Promise<HopAnswer> {
  try {
    const addresses = await resolveTarget(hop.url, ctx.resolve, ctx.policy, ctx.signal);
    return await send(hop, addresses, ctx, hop.method !== "POST");
  } catch (error) {
    throw toFetchError(error, hop.url.href, ctx.signal);
  }
}

function send(hop: Hop, addresses: ResolvedAddress[], ctx: HopContext, mayRetry: boolean): Promise<HopAnswer> {
  const url = hop.url.href;
  return new Promise<HopAnswer>((resolve, reject) => {
    let req: http.ClientRequest | undefined;
    let settled = false;
    let responded = false;
    let connectTimer: NodeJS.Timeout | undefined;

    const finish = () => {
      settled = true;
      clearTimeout(connectTimer);
      ctx.signal.removeEventListener("abort", onAbort);
    };
    const fail = (error: unknown) => {
      if (settled) return;
      finish();
      const stale = mayRetry && !responded && req?.reusedSocket === true && STALE_SOCKET.has(errorCode(error));
      req?.destroy();
      if (stale && !ctx.signal.aborted) resolve(send(hop, addresses, ctx, false));
      else reject(toFetchError(error, url, ctx.signal));
    };
    const onAbort = () => fail(ctx.signal.reason);
    const checkPeer = (socket: Socket, checked: ResolvedAddress[] | null) => {
      if (isAcceptablePeer(socket.remoteAddress, ctx.policy, checked)) return;
      const peer = socket.remoteAddress ?? "an unknown address";
      fail(refusedAddress(url, bareHost(hop.url.hostname), peer));
    };

    if (ctx.signal.aborted) {
      reject(toFetchError(ctx.signal.reason, url, ctx.signal));
      return;
    }
    try {
      req = (hop.url.protocol === "https:" ? https : http).request({
        protocol: hop.url.protocol,
        hostname: bareHost(hop.url.hostname),
        port: hop.url.port || undefined,
        path: `${hop.url.pathname}${hop.url.search}`,
        method: hop.method,
        headers: hop.headers,
        agent: hop.url.protocol === "https:" ? ctx.agents.https : ctx.agents.http,
        // Node must not resolve the name again: it connects to what resolveTarget checked.
        lookup: pinnedLookup(addresses),
      });
    } catch (error) {
      // Invalid header names or values: the caller's mistake, still reported as a FetchError.
      reject(toFetchError(error, url));
      return;
    }
    ctx.signal.addEventListener("abort", onAbort, { once: true });
    req.on("error", fail);
    req.on("socket", (socket: Socket) => {
      if (!socket.connecting) {
        checkPeer(socket, null);
        return;
      }
      connectTimer = setTimeout(() => fail(new FetchError("connect-timeout", url, `no connection within ${ctx.connectTimeoutMs} ms`)), ctx.connectTimeoutMs);
      // First in line, so a refused peer is dropped before the request is written to it.
      socket.prependOnceListener("connect", () => {
        clearTimeout(connectTimer);
        checkPeer(socket, addresses);
      });
    });
    req.on("response", (res: http.IncomingMessage) => {
      responded = true;
      receive(res, hop, ctx).then((answer) => {
        if (settled) return;
        finish();
        resolve(answer);
      }, fail);
    });
    req.end(hop.body ?? undefined);
  });
}

async function receive(res: http.IncomingMessage, hop: Hop, ctx: HopContext): Promise<HopAnswer> {
  const status = res.statusCode ?? 0;
  const remote = res.socket?.remoteAddress;
  const privateNetwork = remote === undefined || ctx.scopeOf(remote) !== "public";
  const headers = collectHeaders(res.rawHeaders);
  const location = isRedirect(status) ? headers.location?.trim() || null : null;
  if (location !== null || hop.method === "HEAD" || status === 204 || status === 304) {
    await discard(res);
    return { status, headers, body: EMPTY, location, privateNetwork };
  }
  const declared = Number(headers["content-length"]);
  if (declared > ctx.maxBytes) {
    throw new FetchError("too-large", hop.url.href, `Content-Length ${declared} exceeds ${ctx.maxBytes} bytes`);
  }
  const body = await readBody(res, headers["content-encoding"], ctx.maxBytes, hop.url.href);
  return { status, headers, body, location: null, privateNetwork };
}

/**
 * Response headers from the raw list: lower-case names, repeats joined with ", " (Node would
 * silently keep only the first of some). Set-Cookie values contain commas, so they join with "\n".
 */
export function collectHeaders(raw: readonly string[]): Record<string, string> {
  const headers = new Map<string, string>();
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const name = (raw[i] ?? "").toLowerCase();
    const value = raw[i + 1] ?? "";
    const previous = headers.get(name);
    headers.set(name, previous === undefined ? value : `${previous}${name === "set-cookie" ? "\n" : ", "}${value}`);
  }
  // fromEntries defines own properties, so a header named "__proto__" stays a header.
  return Object.fromEntries(headers);
}

/** Reads and drops a body nobody needs, so its socket can serve the next request. */
function discard(res: http.IncomingMessage): Promise<void> {
  return new Promise<void>((resolve) => {
    let seen = 0;
    res.on("data", (chunk: Buffer) => {
      seen += chunk.length;
      if (seen > DISCARD_LIMIT) res.destroy();
    });
    res.once("end", resolve);
    res.once("close", resolve);
    res.once("error", () => resolve());
  });
}
