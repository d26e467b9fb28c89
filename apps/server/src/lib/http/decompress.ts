import { type Readable, Transform, type TransformCallback, Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import zlib from "node:zlib";
import { errorCode, FetchError } from "./errors.ts";

// zstd arrived in Node 23.8/22.15; advertise it only where it can be decoded.
const HAS_ZSTD = typeof zlib.createZstdDecompress === "function";

/** The Accept-Encoding the client sends: exactly what readBody can undo. */
export const ACCEPT_ENCODING = HAS_ZSTD ? "gzip, deflate, br, zstd" : "gzip, deflate, br";

const DECODE_ERROR_CODE = /^(Z_|ERR__|ZSTD_)/;

// Lenient end of stream, as browsers and curl are: a body that stops at a flush point still
// decodes (and an empty body decodes to nothing) instead of failing "unexpected end of file".
// Corrupt data still fails.
const GZIP_OPTIONS = { finishFlush: zlib.constants.Z_SYNC_FLUSH };

/**
 * Reads a response body, undoing its Content-Encoding as it streams. Both the bytes on the
 * wire and the decoded bytes are capped at `maxBytes`: the read stops the moment either goes
 * over, so neither a huge body nor a decompression bomb is ever held whole.
 */
export async function readBody(source: Readable, contentEncoding: string | undefined, maxBytes: number, url: string): Promise<Buffer> {
  const decoders = createDecoders(contentEncoding, url);
  const chunks: Buffer[] = [];
  let size = 0;
  const sink = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      chunks.push(chunk);
      size += chunk.length;
      callback();
    },
  });
  try {
    await pipeline([source, new ByteLimit(maxBytes, url), ...decoders, new ByteLimit(maxBytes, url), sink]);
  } catch (error) {
    // Decoder failures carry zlib (Z_DATA_ERROR), brotli (ERR__ERROR_...) or zstd (ZSTD_error_...)
    // codes; anything else is the socket's and is classified by the caller.
    if (!DECODE_ERROR_CODE.test(errorCode(error))) throw error;
    throw new FetchError("network", url, `corrupt ${contentEncoding} body: ${(error as Error).message}`, { cause: error });
  }
  return Buffer.concat(chunks, size);
}

/** Decoders for a Content-Encoding list, in the order to apply them (the reverse of encoding). */
function createDecoders(contentEncoding: string | undefined, url: string): Transform[] {
  const codings = (contentEncoding ?? "")
    .split(",")
    .map((coding) => coding.trim().toLowerCase())
    .filter((coding) => coding !== "" && coding !== "identity");
  return codings.reverse().map((coding) => {
    switch (coding) {
      case "gzip":
      case "x-gzip":
        return zlib.createGunzip(GZIP_OPTIONS);
      case "deflate":
        return new DeflateDecoder();
      case "br":
        return zlib.createBrotliDecompress({ finishFlush: zlib.constants.BROTLI_OPERATION_FLUSH });
      case "zstd":
        if (HAS_ZSTD) return zlib.createZstdDecompress();
        break;
    }
    throw new FetchError("network", url, `unsupported Content-Encoding: ${coding}`);
  });
}

/** Passes bytes through and fails with "too-large" as soon as more than `maxBytes` went by. */
class ByteLimit extends Transform {
  readonly maxBytes: number;
  readonly url: string;
  seen = 0;

  constructor(maxBytes: number, url: string) {
    super();
    this.maxBytes = maxBytes;
    this.url = url;
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.seen += chunk.length;
    if (this.seen > this.maxBytes) {
      callback(new FetchError("too-large", this.url, `response body exceeds ${this.maxBytes} bytes`));
      return;
    }
    callback(null, chunk);
  }
}

/**
 * "deflate" is meant to be zlib-wrapped (RFC 9110), but some servers send raw deflate. The
 * first two bytes tell which: a zlib header has method 8 and a checksum divisible by 31.
 */
class DeflateDecoder extends Transform {
  inner: zlib.Inflate | zlib.InflateRaw | null = null;
  head: Buffer = Buffer.alloc(0);

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    let inner = this.inner;
    if (inner === null) {
      this.head = Buffer.concat([this.head, chunk]);
      if (this.head.length < 2) {
        callback();
        return;
      }
      chunk = this.head;
      inner = this.start();
    }
    // The write callback fires once zlib took the chunk, which it only does while its output
    // is being read: inflation follows the reader's pace.
    inner.write(chunk, () => callback());
  }

  override _flush(callback: TransformCallback): void {
    let inner = this.inner;
    if (inner === null) {
      if (this.head.length === 0) {
        callback();
        return;
      }
      inner = this.start();
      inner.write(this.head);
    }
    inner.once("end", () => callback());
    inner.end();
  }

  override _read(size: number): void {
    this.inner?.resume();
    super._read(size);
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    this.inner?.destroy();
    callback(error);
  }

  start(): zlib.Inflate | zlib.InflateRaw {
    const [cmf = 0, flg = 0] = this.head;
    const zlibWrapped = (cmf & 0x0f) === 8 && cmf >> 4 <= 7 && ((cmf << 8) | flg) % 31 === 0;
    const inner = zlibWrapped ? zlib.createInflate(GZIP_OPTIONS) : zlib.createInflateRaw(GZIP_OPTIONS);
    inner.on("data", (data: Buffer) => {
      if (!this.push(data)) inner.pause();
    });
    inner.on("error", (error) => this.destroy(error));
    this.inner = inner;
    return inner;
  }
}
