import type { Readable } from "node:stream";
import { promisify } from "node:util";
import zlib from "node:zlib";
import { errorCode, FetchError } from "./errors.ts";

// zstd arrived in Node 23.8/22.15; advertise it only where it can be decoded.
const HAS_ZSTD = typeof zlib.zstdDecompress === "function";

/** The Accept-Encoding the client sends: exactly what readBody can undo. */
export const ACCEPT_ENCODING = HAS_ZSTD ? "gzip, deflate, br, zstd" : "gzip, deflate, br";

const DECODE_ERROR_CODE = /^(Z_|ERR__|ZSTD_)/;

// Lenient end of stream, as browsers and curl are: a body that stops at a flush point still
// decodes (and an empty body decodes to nothing) instead of failing "unexpected end of file".
// Corrupt data still fails.
const ZLIB_FLUSH = { finishFlush: zlib.constants.Z_SYNC_FLUSH };
const BROTLI_FLUSH = { finishFlush: zlib.constants.BROTLI_OPERATION_FLUSH };

type Decoder = (input: Buffer, options: zlib.ZlibOptions & zlib.BrotliOptions) => Promise<Buffer>;
const gunzip = promisify(zlib.gunzip) as Decoder;
const inflate = promisify(zlib.inflate) as Decoder;
const inflateRaw = promisify(zlib.inflateRaw) as Decoder;
const brotli = promisify(zlib.brotliDecompress) as Decoder;
const zstd = (HAS_ZSTD ? promisify(zlib.zstdDecompress) : null) as Decoder | null;

/**
 * Reads a response body and undoes its Content-Encoding. The bytes on the wire are capped at
 * `maxBytes` as they arrive (the read stops the moment they go over), then each coding is undone
 * in one call on libuv's thread pool, its output capped at `maxBytes` too: neither a huge body nor
 * a decompression bomb is ever held whole, and inflating costs the event loop nothing. (A stream
 * of 16 KB chunks through zlib's Transform cost ~10 µs of JavaScript per chunk: a tenth of a
 * refresh of many feeds.)
 */
export async function readBody(source: Readable, contentEncoding: string | undefined, maxBytes: number, url: string): Promise<Buffer> {
  const decoders = createDecoders(contentEncoding, url);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of source as AsyncIterable<Buffer>) {
    size += chunk.length;
    // Leaving the loop destroys the socket: nothing more is read.
    if (size > maxBytes) throw tooLarge(url, maxBytes);
    chunks.push(chunk);
  }
  let body = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size);
  for (const decode of decoders) {
    try {
      body = await decode(body, { maxOutputLength: maxBytes, chunkSize: outputChunkSize(body.length) });
    } catch (error) {
      if (errorCode(error) === "ERR_BUFFER_TOO_LARGE") throw tooLarge(url, maxBytes);
      // Decoder failures carry zlib (Z_DATA_ERROR), brotli (ERR__ERROR_...) or zstd (ZSTD_error_...) codes.
      if (!DECODE_ERROR_CODE.test(errorCode(error))) throw error;
      throw new FetchError("network", url, `corrupt ${contentEncoding} body: ${(error as Error).message}`, { cause: error });
    }
  }
  return body;
}

/**
 * The size of zlib's output buffers for a body of `length` compressed bytes: each buffer filled
 * costs a round of JavaScript, and feeds compress ~4:1, so 16 KB (zlib's default) meant dozens of
 * rounds for a feed of a few hundred KB (twice the CPU time of inflating with 256 KB).
 */
const outputChunkSize = (length: number) => Math.min(1 << 20, Math.max(1 << 14, 2 ** Math.ceil(Math.log2(length * 4 + 1))));

const tooLarge = (url: string, maxBytes: number) => new FetchError("too-large", url, `response body exceeds ${maxBytes} bytes`);

/** Decoders for a Content-Encoding list, in the order to apply them (the reverse of encoding). */
type Limits = { maxOutputLength: number; chunkSize: number };

function createDecoders(contentEncoding: string | undefined, url: string): ((body: Buffer, limits: Limits) => Promise<Buffer>)[] {
  const codings = (contentEncoding ?? "")
    .split(",")
    .map((coding) => coding.trim().toLowerCase())
    .filter((coding) => coding !== "" && coding !== "identity");
  return codings.reverse().map((coding) => {
    switch (coding) {
      case "gzip":
      case "x-gzip":
        return (body, limits) => gunzip(body, { ...ZLIB_FLUSH, ...limits, chunkSize: gzipOutputSize(body, limits) });
      case "deflate":
        return (body, limits) => (body.length === 0 ? Promise.resolve(body) : (zlibWrapped(body) ? inflate : inflateRaw)(body, { ...ZLIB_FLUSH, ...limits }));
      case "br":
        return (body, limits) => brotli(body, { ...BROTLI_FLUSH, ...limits });
      case "zstd":
        if (zstd) return (body, limits) => zstd(body, limits);
        break;
    }
    throw new FetchError("network", url, `unsupported Content-Encoding: ${coding}`);
  });
}

/**
 * The output buffer for a gzip body: the size its trailer declares (ISIZE, the last member's
 * length modulo 2^32), so that a feed inflates into one buffer of its own size, which moves to a
 * reading thread as it is (feed-readers.ts) where a view of a larger buffer had to be copied.
 * A wrong or partial size (several members, a truncated body) only means more buffers, joined.
 */
function gzipOutputSize(body: Buffer, limits: Limits): number {
  if (body.length < 18) return limits.chunkSize;
  const declared = body.readUInt32LE(body.length - 4);
  return declared >= 64 && declared <= limits.maxOutputLength ? declared : limits.chunkSize;
}

/**
 * "deflate" is meant to be zlib-wrapped (RFC 9110), but some servers send raw deflate. The
 * first two bytes tell which: a zlib header has method 8 and a checksum divisible by 31.
 */
function zlibWrapped(body: Buffer): boolean {
  const [cmf = 0, flg = 0] = body;
  return (cmf & 0x0f) === 8 && cmf >> 4 <= 7 && ((cmf << 8) | flg) % 31 === 0;
}
