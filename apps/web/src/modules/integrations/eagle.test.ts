import { describe, expect, it, vi } from "vitest";
import { EAGLE_API, EagleError, eagleImages, eagleRequest, saveToEagle } from "./eagle.ts";

const entry = {
  title: "Fog signals",
  url: "https://coast.example/fog",
  media: [
    { url: "https://cdn.example/horn.jpg", type: "photo" as const },
    { url: "https://cdn.example/clip.mp4", type: "video" as const },
  ],
};
const html = '<p>The horn.</p><img src="/media/point.png"><img src="https://cdn.example/horn.jpg"><img src="data:image/gif;base64,R0lGOD">';

describe("Eagle requests", () => {
  it("collects the photos and the content's images, resolved, each once, http(s) only", () => {
    expect(eagleImages(entry, html)).toEqual(["https://cdn.example/horn.jpg", "https://coast.example/media/point.png"]);
  });

  it("builds addFromURLs with a name, the entry's page as website and Referer", () => {
    const request = eagleRequest(entry, ["https://cdn.example/horn.jpg", "https://coast.example/media/point.png"]);
    expect(request.url).toBe("http://localhost:41595/api/item/addFromURLs");
    expect(request.init.method).toBe("POST");
    expect(request.init.headers).toEqual({ "content-type": "application/json" });
    expect(JSON.parse(request.init.body)).toEqual({
      items: [
        { url: "https://cdn.example/horn.jpg", name: "Fog signals (1)", website: entry.url, headers: { referer: entry.url } },
        { url: "https://coast.example/media/point.png", name: "Fog signals (2)", website: entry.url, headers: { referer: entry.url } },
      ],
    });
    expect(JSON.parse(eagleRequest({ title: null, url: null }, ["https://x.example/a.png"]).init.body)).toEqual({ items: [{ url: "https://x.example/a.png", name: "Image" }] });
  });
});

describe("saveToEagle", () => {
  it("checks Eagle answers, then sends the pictures", async () => {
    const fetcher = vi.fn(async (url: string | URL | Request) =>
      String(url).endsWith("/api/application/info") ? Response.json({ status: "success", data: { version: "4.0" } }) : Response.json({ status: "success" }),
    );
    await saveToEagle(entry, html, fetcher as typeof fetch);
    expect(fetcher.mock.calls.map(([url]) => String(url))).toEqual([`${EAGLE_API}/api/application/info`, `${EAGLE_API}/api/item/addFromURLs`]);
  });

  it("says when Eagle is not running, when there is nothing to save, and what Eagle refused", async () => {
    const down = vi.fn(async () => {
      throw new TypeError("Failed to fetch");
    });
    await expect(saveToEagle(entry, html, down as typeof fetch)).rejects.toMatchObject({ kind: "not-running" });
    await expect(saveToEagle({ ...entry, media: [] }, "<p>No pictures</p>", down as typeof fetch)).rejects.toBeInstanceOf(EagleError);
    expect(down).toHaveBeenCalledTimes(1);
    const refusing = vi.fn(async (url: string | URL | Request) =>
      String(url).endsWith("/info") ? Response.json({ status: "success" }) : Response.json({ status: "error", message: "Library is read-only" }),
    );
    await expect(saveToEagle(entry, html, refusing as typeof fetch)).rejects.toMatchObject({ kind: "refused", message: "Library is read-only" });
  });
});
