import { afterEach, describe, expect, it, vi } from "vitest";
import {
  avatarServiceUrls,
  contentImage,
  DEFAULT_IMAGE_CONFIG,
  imageConfig,
  loadImageConfig,
  proxiedImage,
  proxyWidth,
  rememberedImageSize,
  rememberImageSize,
  setImageConfig,
} from "./image-proxy.ts";
import { storage } from "./storage.ts";

const ON = { proxy: true, avatarServices: DEFAULT_IMAGE_CONFIG.avatarServices };
const OFF = { proxy: false, avatarServices: DEFAULT_IMAGE_CONFIG.avatarServices };

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("proxiedImage", () => {
  it("routes http(s) images through /api/image, at a shared width that covers the one asked", () => {
    expect(proxiedImage("https://cdn.example.com/a b.png?x=1&y=2", 600, ON)).toBe("/api/image?url=https%3A%2F%2Fcdn.example.com%2Fa%20b.png%3Fx%3D1%26y%3D2&w=600");
    expect(proxiedImage("http://example.com/a.png", 40, ON)).toBe("/api/image?url=http%3A%2F%2Fexample.com%2Fa.png&w=48");
    expect(proxiedImage("https://example.com/a.png", undefined, ON)).toBe("/api/image?url=https%3A%2F%2Fexample.com%2Fa.png");
  });

  it("leaves images alone when the proxy is off, and what it cannot or need not proxy", () => {
    expect(proxiedImage("https://example.com/a.png", 600, OFF)).toBe("https://example.com/a.png");
    expect(proxiedImage("data:image/png;base64,AAAA", 600, ON)).toBe("data:image/png;base64,AAAA");
    expect(proxiedImage("/api/files/1", 600, ON)).toBe("/api/files/1");
    expect(proxiedImage(`${location.origin}/api/files/1`, 600, ON)).toBe(`${location.origin}/api/files/1`);
  });

  it("asks one of a few widths, never more than the largest", () => {
    expect([1, 16, 17, 32, 33, 600, 601, 5000].map(proxyWidth)).toEqual([16, 16, 24, 32, 48, 600, 800, 2560]);
  });
});

describe("avatar services and content images", () => {
  it("fills the host into each configured service, in order", () => {
    expect(avatarServiceUrls("blog.example.org", ON)).toEqual(["https://icons.duckduckgo.com/ip3/blog.example.org.ico", "https://www.google.com/s2/favicons?domain=blog.example.org&sz=64"]);
    expect(avatarServiceUrls("blog.example.org", { proxy: true, avatarServices: [] })).toEqual([]);
  });

  it("proxies entry images only from hot-link protected hosts", () => {
    expect(contentImage("https://wx1.sinaimg.cn/large/a.jpg", ON)).toBe("/api/image?url=https%3A%2F%2Fwx1.sinaimg.cn%2Flarge%2Fa.jpg");
    expect(contentImage("https://i.pximg.net/a.png", ON)).toMatch(/^\/api\/image\?url=/);
    expect(contentImage("https://example.com/a.jpg", ON)).toBe("https://example.com/a.jpg");
    expect(contentImage("https://wx1.sinaimg.cn/large/a.jpg", OFF)).toBe("https://wx1.sinaimg.cn/large/a.jpg");
  });
});

describe("image configuration", () => {
  it("takes the server's answer, keeps it for the next visit, and keeps the defaults for what is missing", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Response.json({ code: 0, data: { IMAGE_PROXY: false, AVATAR_SERVICES: ["https://icons.example/{host}"] } })),
    );
    await loadImageConfig();
    expect(imageConfig()).toEqual({ proxy: false, avatarServices: ["https://icons.example/{host}"] });
    expect(JSON.parse(storage.get("image-config")!)).toEqual({ proxy: false, avatarServices: ["https://icons.example/{host}"] });
    expect(setImageConfig({})).toEqual(DEFAULT_IMAGE_CONFIG);
  });
});

describe("remembered image sizes", () => {
  it("keeps sizes by URL and writes them to storage in one go", () => {
    vi.useFakeTimers();
    expect(rememberedImageSize("https://example.com/p.jpg")).toBeNull();
    rememberImageSize("https://example.com/p.jpg", 600, 400);
    rememberImageSize("https://example.com/q.jpg", 0, 400);
    expect(rememberedImageSize("https://example.com/p.jpg")).toEqual({ width: 600, height: 400 });
    expect(rememberedImageSize("https://example.com/q.jpg")).toBeNull();
    expect(storage.get("image-sizes")).toBeNull();
    vi.advanceTimersByTime(1000);
    expect(JSON.parse(storage.get("image-sizes")!)).toEqual([["https://example.com/p.jpg", [600, 400]]]);
  });

  it("keeps the newest 500", () => {
    vi.useFakeTimers();
    for (let i = 0; i < 510; i++) rememberImageSize(`https://example.com/${i}.jpg`, i + 1, 10);
    expect(rememberedImageSize("https://example.com/0.jpg")).toBeNull();
    expect(rememberedImageSize("https://example.com/509.jpg")).toEqual({ width: 510, height: 10 });
    vi.advanceTimersByTime(1000);
    expect((JSON.parse(storage.get("image-sizes")!) as unknown[]).length).toBe(500);
  });
});
