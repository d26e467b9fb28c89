import { promisify } from "node:util";
import zlib from "node:zlib";
import type { MiddlewareHandler } from "hono";
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from "hono/utils/compress";

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
/** Below this many bytes a compressed answer is not smaller by enough to pay for compressing it. */
const THRESHOLD_BYTES = 1024;
/**
 * Up to this size an answer is compressed at once (tens of microseconds): a trip through the
 * thread pool would cost more than the work. Larger ones go to the pool, off the event loop.
 */
const INLINE_MAX_BYTES = 32 * 1024;
const NO_TRANSFORM = /(?:^|,)\s*no-transform\s*(?:,|$)/i;

type Encoding = "br" | "gzip";

/** Brotli at quality 4 compresses JSON as well as gzip -6 does, in less time. */
function compressBody(body: Buffer, encoding: Encoding): Buffer | Promise<Buffer> {
  const inline = body.length <= INLINE_MAX_BYTES;
  if (encoding === "gzip") return inline ? zlib.gzipSync(body) : gzip(body);
  const options = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length } };
  return inline ? zlib.brotliCompressSync(body, options) : brotli(body, options);
}

/** The encoding an Accept-Encoding header prefers among brotli and gzip, or null. */
export function preferredEncoding(header: string | undefined): Encoding | null {
  if (!header) return null;
  let best: { encoding: Encoding; q: number } | null = null;
  let wildcard = 0;
  const explicit = new Map<string, number>();
  for (const part of header.split(",")) {
    const [name = "", ...params] = part.trim().toLowerCase().split(";");
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    if (name === "*") wildcard = Number.isFinite(q) ? q : 0;
    else explicit.set(name, Number.isFinite(q) ? q : 0);
  }
  for (const encoding of ["br", "gzip"] as const) {
    const q = explicit.get(encoding) ?? wildcard;
    if (q > 0 && (!best || q > best.q)) best = { encoding, q };
  }
  return best?.encoding ?? null;
}

/**
 * Compresses answers built in memory (JSON, XML, text) with brotli or gzip, on the thread pool, when
 * they reach {@link THRESHOLD_BYTES}; smaller ones go out as they are, with their length. (Hono's
 * `compress()` cannot see the size of a `c.json()` answer and pipes every one, however small,
 * through a CompressionStream: a millisecond per request for nothing.) Streams are not given here.
 */
export function compressAnswers(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const res = c.res;
    if (!res.body || c.req.method === "HEAD" || res.status === 206 || res.headers.has("Content-Encoding")) return;
    const type = res.headers.get("Content-Type");
    if (!type || !COMPRESSIBLE_CONTENT_TYPE_REGEX.test(type)) return;
    if (NO_TRANSFORM.test(res.headers.get("Cache-Control") ?? "")) return;
    const vary = res.headers.get("Vary");
    if (vary !== "*" && !/(?:^|,)\s*accept-encoding\s*(?:,|$)/i.test(vary ?? "")) res.headers.set("Vary", vary ? `${vary}, Accept-Encoding` : "Accept-Encoding");
    const encoding = preferredEncoding(c.req.header("Accept-Encoding"));
    if (!encoding) return;
    const body = Buffer.from(await res.arrayBuffer());
    const headers = new Headers(res.headers);
    let sent: Buffer = body;
    if (body.length >= THRESHOLD_BYTES) {
      sent = await compressBody(body, encoding);
      headers.set("Content-Encoding", encoding);
      const etag = headers.get("ETag");
      if (etag && !etag.startsWith("W/")) headers.set("ETag", `W/${etag}`);
    }
    headers.set("Content-Length", String(sent.length));
    // Replaced, not merged: Hono would copy the old headers (a stale length) over the new ones.
    c.res = undefined;
    c.res = new Response(new Uint8Array(sent.buffer as ArrayBuffer, sent.byteOffset, sent.length), { status: res.status, statusText: res.statusText, headers });
  };
}
