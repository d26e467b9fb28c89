import type { HttpClient } from "../../lib/http/index.ts";
import { LruCache } from "./lru-cache.ts";

/** Fetches the picture of a feed, list or person for a share image, as a data: URI. */
export interface PictureFetcher {
  /** The picture at `url` as a data: URI, or null (no picture, not an image, too slow or too big). */
  dataUri(url: string | null | undefined): Promise<string | null>;
}

/** PNG, JPEG and GIF: what both satori and resvg decode, told by their first bytes. */
function imageType(body: Buffer): string | null {
  if (body.length > 8 && body.readUInt32BE(0) === 0x89504e47) return "image/png";
  if (body.length > 3 && body[0] === 0xff && body[1] === 0xd8 && body[2] === 0xff) return "image/jpeg";
  if (body.length > 6 && body.toString("latin1", 0, 4) === "GIF8") return "image/gif";
  return null;
}

/**
 * Pictures come through the server's one HTTP client, so its guard applies (no private networks
 * unless the instance allows them) with a short time limit and size cap: a slow or broken picture
 * costs one image its picture (the badge is drawn instead), never the image itself. Answers,
 * failures included, are kept for a while, so a picture is fetched once per `ttlMs` at most.
 */
export function createPictureFetcher(options: { http: HttpClient; timeoutMs: number; maxBytes: number; ttlMs: number; now?: () => number }): PictureFetcher {
  const now = options.now ?? Date.now;
  const kept = new LruCache<{ value: string | null; until: number }>({ maxEntries: 1000, maxBytes: 16 * 1024 * 1024, sizeOf: (entry) => (entry.value?.length ?? 0) + 100 });
  const pending = new Map<string, Promise<string | null>>();

  async function fetchPicture(url: string): Promise<string | null> {
    try {
      const response = await options.http.request({
        url,
        headers: { accept: "image/png,image/jpeg,image/gif;q=0.9,*/*;q=0.1" },
        maxBytes: options.maxBytes,
        signal: AbortSignal.timeout(options.timeoutMs),
      });
      const type = response.status === 200 ? imageType(response.body) : null;
      return type ? `data:${type};base64,${response.body.toString("base64")}` : null;
    } catch {
      return null;
    }
  }

  return {
    async dataUri(url) {
      if (!url || !/^https?:\/\//i.test(url)) return null;
      const hit = kept.get(url);
      if (hit && hit.until > now()) return hit.value;
      let request = pending.get(url);
      if (!request) {
        request = fetchPicture(url).then((value) => {
          kept.set(url, { value, until: now() + options.ttlMs });
          pending.delete(url);
          return value;
        });
        pending.set(url, request);
      }
      return request;
    },
  };
}
