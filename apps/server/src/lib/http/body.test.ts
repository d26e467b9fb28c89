import { randomBytes } from "node:crypto";
import zlib from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import { clientPool, serverPool } from "./test-servers.ts";

const servers = serverPool();
const clients = clientPool();
afterEach(async () => {
  clients.closeAll();
  await servers.closeAll();
});

const FEED = `<?xml version="1.0"?><rss><channel><title>${"Tidings ".repeat(500)}</title></channel></rss>`;

/** Serves `body` with the given Content-Encoding, chunked (no Content-Length). */
async function encoded(encoding: string, body: Buffer) {
  return servers.start((_req, res) => {
    res.writeHead(200, { "content-encoding": encoding, "content-type": "application/rss+xml" });
    // Two writes, so decoders see the stream in pieces.
    res.write(body.subarray(0, 7));
    res.end(body.subarray(7));
  });
}

describe("response bodies", () => {
  it.each([
    ["gzip", zlib.gzipSync(FEED)],
    ["x-gzip", zlib.gzipSync(FEED)],
    ["deflate", zlib.deflateSync(FEED)],
    ["deflate", zlib.deflateRawSync(FEED)],
    ["br", zlib.brotliCompressSync(FEED)],
    ["identity", Buffer.from(FEED)],
  ])("decodes Content-Encoding %s", async (encoding, body) => {
    const server = await encoded(encoding, body);
    const response = await clients.create().request({ url: server.origin });
    expect(response.body.toString()).toBe(FEED);
    expect(response.headers["content-encoding"]).toBe(encoding);
  });

  it.runIf(typeof zlib.zstdCompressSync === "function")("decodes Content-Encoding zstd", async () => {
    const server = await encoded("zstd", zlib.zstdCompressSync(FEED));
    expect((await clients.create().request({ url: server.origin })).body.toString()).toBe(FEED);
  });

  it("inflates a gzip body into a buffer of its own size (which moves to a reading thread uncopied), and two members whole", async () => {
    // Text that compresses little, as feeds do (~4:1), inflates into one buffer: before, one of the next power of two.
    const big = `<rss>${randomBytes(150_000).toString("base64")}</rss>`;
    const server = await encoded("gzip", zlib.gzipSync(big));
    const { body } = await clients.create().request({ url: server.origin });
    expect(body.toString()).toBe(big);
    expect([body.byteOffset, body.buffer.byteLength]).toEqual([0, body.byteLength]);
    // Two gzip members: the trailer declares the last one's size only.
    const twice = await encoded("gzip", Buffer.concat([zlib.gzipSync(big), zlib.gzipSync(FEED)]));
    expect((await clients.create().request({ url: twice.origin })).body.toString()).toBe(big + FEED);
  });

  it("decodes stacked encodings in reverse order", async () => {
    const server = await encoded("deflate, gzip", zlib.gzipSync(zlib.deflateSync(FEED)));
    expect((await clients.create().request({ url: server.origin })).body.toString()).toBe(FEED);
  });

  it("decodes an empty gzip body to nothing", async () => {
    const server = await servers.start((_req, res) => res.writeHead(200, { "content-encoding": "gzip" }).end());
    expect((await clients.create().request({ url: server.origin })).body).toHaveLength(0);
  });

  it.each([["gzip"], ["deflate"], ["br"]])("fails with network on a corrupt %s body", async (encoding) => {
    const server = await encoded(encoding, Buffer.from("this was never compressed, honestly"));
    const error = clients.create().request({ url: server.origin });
    await expect(error).rejects.toMatchObject({ kind: "network", message: expect.stringContaining(`corrupt ${encoding} body`) });
  });

  it("fails with network on an unknown Content-Encoding", async () => {
    const server = await encoded("compress", Buffer.from("whatever"));
    await expect(clients.create().request({ url: server.origin })).rejects.toMatchObject({ kind: "network" });
  });
});

describe("maxBytes", () => {
  const big = Buffer.alloc(64 * 1024, "a");

  it("fails at once on a Content-Length above the cap, without reading the body", async () => {
    let wrote = 0;
    const server = await servers.start((_req, res) => {
      res.writeHead(200, { "content-length": String(1024 * 1024 * 1024) });
      // Would be a gigabyte; the client must hang up long before.
      const pump = () => {
        while (wrote < 1024 * 1024 * 1024 && res.write(big)) wrote += big.length;
        if (!res.destroyed) res.once("drain", pump);
      };
      pump();
    });
    const client = clients.create({ maxBytes: 1024 * 1024 });
    await expect(client.request({ url: server.origin })).rejects.toMatchObject({ kind: "too-large" });
    expect(wrote).toBeLessThan(64 * 1024 * 1024);
  });

  it("fails while streaming a chunked body that grows past the cap", async () => {
    let stopped = false;
    const server = await servers.start((_req, res) => {
      res.on("close", () => (stopped = true));
      const pump = () => {
        while (!res.destroyed && res.write(big));
        if (!res.destroyed) res.once("drain", pump);
      };
      pump();
    });
    await expect(clients.create({ maxBytes: 200_000 }).request({ url: server.origin })).rejects.toMatchObject({ kind: "too-large" });
    await expect.poll(() => stopped).toBe(true);
  });

  it("caps the decoded size: a small gzip that inflates past the cap fails", async () => {
    const bomb = zlib.gzipSync(Buffer.alloc(20 * 1024 * 1024), { level: 9 });
    expect(bomb.length).toBeLessThan(100_000);
    const server = await servers.start((_req, res) => res.writeHead(200, { "content-encoding": "gzip", "content-length": bomb.length }).end(bomb));
    const error = clients.create({ maxBytes: 1024 * 1024 }).request({ url: server.origin });
    await expect(error).rejects.toMatchObject({ kind: "too-large" });
  });

  it("caps a raw-deflate bomb the same way", async () => {
    const bomb = zlib.deflateRawSync(Buffer.alloc(20 * 1024 * 1024), { level: 9 });
    const server = await servers.start((_req, res) => res.writeHead(200, { "content-encoding": "deflate" }).end(bomb));
    await expect(clients.create({ maxBytes: 1024 * 1024 }).request({ url: server.origin })).rejects.toMatchObject({ kind: "too-large" });
  });

  it("accepts a body of exactly the cap; a request's maxBytes overrides the client's", async () => {
    const server = await servers.start((_req, res) => res.end(Buffer.alloc(1000, "b")));
    const client = clients.create({ maxBytes: 1000 });
    expect((await client.request({ url: server.origin })).body).toHaveLength(1000);
    await expect(client.request({ url: server.origin, maxBytes: 999 })).rejects.toMatchObject({ kind: "too-large" });
  });
});
