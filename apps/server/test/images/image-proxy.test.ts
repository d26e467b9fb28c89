import { randomBytes } from "node:crypto";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createImageCache } from "../../src/features/images/image-cache.ts";
import { createImagesService } from "../../src/features/images/images.service.ts";
import { systemClock } from "../../src/lib/clock.ts";
import { createHttpClient } from "../../src/lib/http/index.ts";
import { createLogger } from "../../src/lib/logger.ts";
import { createTestApp, type TestApp } from "../helpers/app.ts";
import { type FeedServer, startFeedServer } from "../helpers/feed-server.ts";
import { animatedGif, inspect, jpeg, png, SVG } from "./fixtures.ts";

let server: FeedServer;
let dataDir: string;
let t: TestApp | undefined;

beforeAll(async () => {
  server = await startFeedServer();
  server.set("/wide.png", { headers: { "content-type": "image/png" }, body: await png(400, 200) });
  server.set("/photo.jpg", { headers: { "content-type": "image/jpeg" }, body: await jpeg(320, 240) });
  server.set("/anim.gif", { headers: { "content-type": "image/gif" }, body: await animatedGif(80, 40, 3) });
  server.set("/logo.svg", { headers: { "content-type": "image/svg+xml" }, body: SVG });
  server.set("/two.png", { headers: { "content-type": "image/png" }, body: await png(300, 100, { r: 255, g: 0, b: 0 }, { r: 0, g: 0, b: 255 }) });
  server.set("/page.html", { headers: { "content-type": "image/png" }, body: "<!doctype html><title>not an image</title>" });
  server.set("/broken.png", { status: 500, body: "oops" });
});
afterAll(() => server.close());
beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "tidings-images-"));
});
afterEach(async () => {
  await t?.close();
  t = undefined;
  await rm(dataDir, { recursive: true, force: true });
});

// 127.0.0.1 stands in for the image hosts of the internet.
const app = (env: Record<string, string> = {}) => createTestApp({ DATA_DIR: dataDir, ...env }, { loopbackIsPublic: true });
const proxied = (target: string, width?: number) => `/api/image?url=${encodeURIComponent(target)}${width ? `&w=${width}` : ""}`;
const bytesOf = async (response: Response) => Buffer.from(await response.arrayBuffer());
const errorOf = async (response: Response) => (await response.json()) as { code: number; message: string; reason?: string };

describe("GET /api/image", () => {
  it("resizes to the width asked, as WebP, with a year of caching and no way to run anything", async () => {
    t = await app();
    const response = await t.request(proxied(server.url("/wide.png"), 100));
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/webp");
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("content-security-policy")).toContain("default-src 'none'");
    expect(response.headers.get("etag")).toMatch(/^"[\w-]{16}"$/);
    expect(await inspect(await bytesOf(response))).toMatchObject({ width: 100, height: 50, format: "webp" });

    const photo = await t.request(proxied(server.url("/photo.jpg"), 64));
    expect(await inspect(await bytesOf(photo))).toMatchObject({ width: 64, height: 48, format: "webp" });
    const gif = await t.request(proxied(server.url("/anim.gif"), 40));
    expect(await inspect(await bytesOf(gif))).toMatchObject({ width: 40, height: 20, format: "webp", pages: 3 });
  });

  it("never serves SVG as SVG: it is drawn as WebP, with or without a width", async () => {
    t = await app();
    const sized = await t.request(proxied(server.url("/logo.svg"), 64));
    expect(sized.headers.get("content-type")).toBe("image/webp");
    expect(await inspect(await bytesOf(sized))).toMatchObject({ width: 64, height: 32, format: "webp" });
    const natural = await t.request(proxied(server.url("/logo.svg")));
    expect(natural.headers.get("content-type")).toBe("image/webp");
    const drawn = await bytesOf(natural);
    expect(drawn.includes("script")).toBe(false);
    expect(await inspect(drawn)).toMatchObject({ width: 20, height: 10 });
  });

  it("passes a raster image through unchanged when no width is asked", async () => {
    t = await app();
    const response = await t.request(proxied(server.url("/photo.jpg")));
    expect(response.headers.get("content-type")).toBe("image/jpeg");
    expect((await bytesOf(response)).equals(await jpeg(320, 240))).toBe(true);
  });

  it("fetches once, then answers from disk: after a restart too, and 304 for a known ETag", async () => {
    t = await app();
    const before = server.hits("/wide.png");
    const first = await t.request(proxied(server.url("/wide.png"), 120));
    const second = await t.request(proxied(server.url("/wide.png"), 120));
    expect((await bytesOf(second)).equals(await bytesOf(first))).toBe(true);
    expect(server.hits("/wide.png")).toBe(before + 1);
    const shards = await readdir(path.join(dataDir, "image-cache"));
    expect(shards.length).toBeGreaterThan(0);
    const etag = first.headers.get("etag")!;
    const unchanged = await t.request(proxied(server.url("/wide.png"), 120), { headers: { "if-none-match": etag } });
    expect(unchanged.status).toBe(304);

    await t.close();
    t = await app();
    const restarted = await t.request(proxied(server.url("/wide.png"), 120));
    expect(restarted.status).toBe(200);
    expect(restarted.headers.get("etag")).toBe(etag);
    expect(server.hits("/wide.png")).toBe(before + 1);
    // Another width is another answer: fetched again.
    await t.request(proxied(server.url("/wide.png"), 60));
    expect(server.hits("/wide.png")).toBe(before + 2);
  });

  it("answers identical cold requests that arrive together with one fetch", async () => {
    const body = await png(200, 200);
    server.set("/slow.png", {
      handle: (_request, response) => {
        setTimeout(() => response.writeHead(200, { "content-type": "image/png" }).end(body), 150);
      },
    });
    t = await app();
    const answers = await Promise.all(Array.from({ length: 6 }, () => t!.request(proxied(server.url("/slow.png"), 50))));
    expect(answers.map((response) => response.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(server.hits("/slow.png")).toBe(1);
  });

  it("sends the image's own origin as Referer, never the reader's page, cookies or address", async () => {
    t = await app();
    await t.request(proxied(server.url("/two.png"), 30), { headers: { referer: "https://reader.example/secret-page", cookie: "session=abc" } });
    const sent = server.requests.filter((request) => request.path === "/two.png").at(-1)!;
    expect(sent.headers.referer).toBe(`${new URL(server.url("/")).origin}/`);
    expect(sent.headers.cookie).toBeUndefined();
    expect(sent.headers["x-forwarded-for"]).toBeUndefined();
    expect(sent.headers.accept).toMatch(/^image\//);
  });

  it("answers clear errors: bad parameters 400, a missing image 404, any other failure 502", async () => {
    t = await app();
    const missing = await t.request("/api/image");
    expect(missing.status).toBe(400);
    expect((await errorOf(missing)).code).toBe(1002);
    const ftp = await t.request(proxied("ftp://example.com/a.png"));
    expect(ftp.status).toBe(400);
    expect((await errorOf(ftp)).reason).toMatch(/http and https/);
    expect((await t.request(proxied("not a url"))).status).toBe(400);
    expect((await t.request(`${proxied(server.url("/wide.png"))}&w=3`)).status).toBe(400);

    const gone = await t.request(proxied(server.url("/nothing.png"), 50));
    expect(gone.status).toBe(404);
    expect((await errorOf(gone)).reason).toBe("The image host answered HTTP 404");
    const broken = await t.request(proxied(server.url("/broken.png"), 50));
    expect(broken.status).toBe(502);
    expect(await errorOf(broken)).toMatchObject({ code: 1002, message: "The image could not be fetched", reason: "The image host answered HTTP 500" });
    const html = await t.request(proxied(server.url("/page.html"), 50));
    expect(html.status).toBe(502);
    expect((await errorOf(html)).reason).toMatch(/^Not an image \(image\/png, \d+ bytes\)$/);
    // A failure is remembered a while: not asked again at once.
    const hits = server.hits("/broken.png");
    expect((await t.request(proxied(server.url("/broken.png"), 50))).status).toBe(502);
    expect(server.hits("/broken.png")).toBe(hits);
  });

  it("refuses images larger than IMAGE_MAX_BYTES", async () => {
    server.set("/big.png", { headers: { "content-type": "image/png" }, body: Buffer.concat([(await png(1, 1)).subarray(0, 16), randomBytes(8192)]) });
    t = await app({ IMAGE_MAX_BYTES: "4096" });
    const response = await t.request(proxied(server.url("/big.png"), 50));
    expect(response.status).toBe(502);
    expect((await errorOf(response)).reason).toMatch(/larger than IMAGE_MAX_BYTES/);
  });

  it("refuses images on private addresses", async () => {
    t = await createTestApp({ DATA_DIR: dataDir });
    const before = server.hits("/wide.png");
    const response = await t.request(proxied(server.url("/wide.png"), 50));
    expect(response.status).toBe(403);
    expect(await errorOf(response)).toMatchObject({ code: 16000, message: "The server does not connect to this address" });
    expect(server.hits("/wide.png")).toBe(before);
  });

  it("limits the images one address makes the server fetch per hour; cached ones still load", async () => {
    t = await app({ IMAGE_PROXY_PER_HOUR: "2" });
    expect((await t.request(proxied(server.url("/wide.png"), 20))).status).toBe(200);
    expect((await t.request(proxied(server.url("/photo.jpg"), 20))).status).toBe(200);
    const third = await t.request(proxied(server.url("/logo.svg"), 20));
    expect(third.status).toBe(429);
    expect((await errorOf(third)).reason).toMatch(/IMAGE_PROXY_PER_HOUR/);
    expect((await t.request(proxied(server.url("/wide.png"), 20))).status).toBe(200);
  });

  it("answers that the proxy is off with IMAGE_PROXY=false, and says so in /status/configs", async () => {
    t = await app({ IMAGE_PROXY: "false", AVATAR_SERVICES: "" });
    const before = server.hits("/wide.png");
    const response = await t.request(proxied(server.url("/wide.png"), 50));
    expect(response.status).toBe(404);
    expect(await errorOf(response)).toMatchObject({ message: "The image proxy is off" });
    expect((await errorOf(await t.request(`/api/image/meta?url=${encodeURIComponent(server.url("/wide.png"))}`))).message).toBe("The image proxy is off");
    expect(server.hits("/wide.png")).toBe(before);
    const configs = (await (await t.request("/api/status/configs")).json()) as { data: Record<string, unknown> };
    expect(configs.data).toMatchObject({ IMAGE_PROXY: false, AVATAR_SERVICES: [] });
  });
});

describe("GET /api/image/meta", () => {
  it("answers the original's size and dominant colours, measured once", async () => {
    t = await app();
    const url = server.url("/two.png");
    const before = server.hits("/two.png");
    const response = await t.request(`/api/image/meta?url=${encodeURIComponent(url)}`);
    expect(response.status).toBe(200);
    const { data } = (await response.json()) as { data: { url: string; width: number; height: number; colors: string[]; createdAt: string } };
    expect(data).toMatchObject({ url, width: 300, height: 100 });
    expect(data.colors).toHaveLength(2);
    expect(data.colors[0]).toMatch(/^#f[a-f0-9]0[0-5]0[0-5]$/);
    expect(data.colors[1]).toMatch(/^#0[0-5]0[0-5]f[a-f0-9]$/);
    expect(Date.parse(data.createdAt)).not.toBeNaN();
    const again = (await (await t.request(`/api/image/meta?url=${encodeURIComponent(url)}`)).json()) as { data: unknown };
    expect(again.data).toEqual(data);
    expect(server.hits("/two.png")).toBe(before + 1);
  });

  it("measures one frame of an animation, and SVG at its declared size", async () => {
    t = await app();
    const gif = (await (await t.request(`/api/image/meta?url=${encodeURIComponent(server.url("/anim.gif"))}`)).json()) as { data: { width: number; height: number } };
    expect(gif.data).toMatchObject({ width: 80, height: 40 });
    const svg = (await (await t.request(`/api/image/meta?url=${encodeURIComponent(server.url("/logo.svg"))}`)).json()) as { data: { width: number; height: number } };
    expect(svg.data).toMatchObject({ width: 20, height: 10 });
  });
});

describe("hot-link protected CDNs", () => {
  it("are sent the Referer of their own site", async () => {
    // Every host resolves to the local test server, so a request for a Weibo image reaches it.
    const http = createHttpClient({ userAgent: "test", reach: "private-networks", resolve: async () => [{ address: "127.0.0.1", family: 4 }] });
    const logger = createLogger({ level: "silent" });
    const cache = createImageCache({ dir: path.join(dataDir, "cdn"), maxBytes: 1024 * 1024, logger });
    const images = createImagesService({ network: { publicHttp: http, privateHttp: http, allows: () => false, privateNetworksFor: "admins" }, cache, clock: systemClock, logger, enabled: true, maxBytes: 1024 * 1024 });
    const port = new URL(server.url("/")).port;
    try {
      for (const [host, referer] of [
        ["wx1.sinaimg.cn", "https://weibo.com/"],
        ["i.pximg.net", "https://www.pixiv.net/"],
        ["i0.hdslb.com", "https://www.bilibili.com/"],
      ]) {
        const answer = await images.image(`http://${host}:${port}/photo.jpg`, 32);
        expect(answer.type).toBe("image/webp");
        const sent = server.requests.filter((request) => request.path === "/photo.jpg").at(-1)!;
        expect(sent.headers.host).toBe(`${host}:${port}`);
        expect(sent.headers.referer).toBe(referer);
      }
    } finally {
      http.close();
    }
  });
});
