import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { Hono } from "hono";
import { streamSSE } from "hono/streaming";
import { describe, expect, it } from "vitest";
import { compressAnswers, preferredEncoding } from "../../src/http/compress.ts";

const big = { items: Array.from({ length: 400 }, (_, i) => ({ id: String(i), title: `Entry number ${i}` })) };
const huge = { items: Array.from({ length: 4000 }, (_, i) => ({ id: String(i), title: `Entry number ${i} of many` })) };

function app() {
  return new Hono()
    .use(compressAnswers())
    .get("/small", (c) => c.json({ code: 0, data: "ok" }))
    .get("/big", (c) => c.json(big))
    .get("/huge", (c) => c.json(huge))
    .get("/tagged", (c) => c.json(big, 200, { ETag: '"v1"' }))
    .get("/image", (c) => c.body(new Uint8Array(4096), 200, { "Content-Type": "image/png" }))
    .get("/no-transform", (c) => c.json(big, 200, { "Cache-Control": "no-transform" }))
    .get("/events", (c) => streamSSE(c, async (sse) => sse.writeSSE({ data: "x".repeat(2000) })));
}

describe("preferredEncoding", () => {
  it("takes brotli over gzip at equal weight, honours weights, zeros and wildcards", () => {
    expect(preferredEncoding("gzip, deflate, br, zstd")).toBe("br");
    expect(preferredEncoding("gzip;q=1, br;q=0.5")).toBe("gzip");
    expect(preferredEncoding("br;q=0, gzip")).toBe("gzip");
    expect(preferredEncoding("identity")).toBeNull();
    expect(preferredEncoding("*")).toBe("br");
    expect(preferredEncoding("*;q=0")).toBeNull();
    expect(preferredEncoding(undefined)).toBeNull();
  });
});

describe("compressAnswers", () => {
  it("sends a small answer as it is, with its length", async () => {
    const response = await app().request("/small", { headers: { "accept-encoding": "gzip, br" } });
    expect(response.headers.get("content-encoding")).toBeNull();
    const text = await response.text();
    expect(response.headers.get("content-length")).toBe(String(Buffer.byteLength(text)));
    expect(JSON.parse(text)).toEqual({ code: 0, data: "ok" });
    expect(response.headers.get("vary")).toMatch(/accept-encoding/i);
  });

  it("compresses a large answer with brotli or gzip, whichever the client prefers, small or large", async () => {
    for (const path of ["/big", "/huge"]) {
      const expected = path === "/big" ? big : huge;
      const br = await app().request(path, { headers: { "accept-encoding": "gzip, deflate, br" } });
      expect(br.headers.get("content-encoding")).toBe("br");
      const brBytes = Buffer.from(await br.arrayBuffer());
      expect(br.headers.get("content-length")).toBe(String(brBytes.length));
      expect(JSON.parse(brotliDecompressSync(brBytes).toString("utf8"))).toEqual(expected);
      expect(brBytes.length).toBeLessThan(JSON.stringify(expected).length / 4);

      const gz = await app().request(path, { headers: { "accept-encoding": "gzip" } });
      expect(gz.headers.get("content-encoding")).toBe("gzip");
      expect(JSON.parse(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString("utf8"))).toEqual(expected);
    }
  });

  it("leaves alone clients that accept neither, binary types, no-transform answers and event streams", async () => {
    const plain = await app().request("/big");
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(JSON.parse(await plain.text())).toEqual(big);
    const headers = { "accept-encoding": "br, gzip" };
    expect((await app().request("/image", { headers })).headers.get("content-encoding")).toBeNull();
    expect((await app().request("/no-transform", { headers })).headers.get("content-encoding")).toBeNull();
    const events = await app().request("/events", { headers });
    expect(events.headers.get("content-encoding")).toBeNull();
    expect(await events.text()).toContain("x".repeat(2000));
  });

  it("weakens a strong ETag on a compressed answer", async () => {
    const response = await app().request("/tagged", { headers: { "accept-encoding": "gzip" } });
    expect(response.headers.get("content-encoding")).toBe("gzip");
    expect(response.headers.get("etag")).toBe('W/"v1"');
  });
});
