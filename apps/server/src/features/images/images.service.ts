import { createHash } from "node:crypto";
import { availableParallelism } from "node:os";
import { ErrorCode, type ImageMeta } from "@tidings/contracts";
import { AppError } from "../../errors.ts";
import type { Clock } from "../../lib/clock.ts";
import { type NetworkPolicy, refusalError, type Voucher } from "../../lib/http/index.ts";
import type { Logger } from "../../lib/logger.ts";
import { Semaphore } from "../../lib/semaphore.ts";
import type { CachedFile, ImageCache } from "./image-cache.ts";
import { type FetchedImage, fetchImage, parseImageUrl } from "./image-fetch.ts";
import { passThrough } from "../../content/image-sniff.ts";
import { measureImage, renderImage } from "./image-transform.ts";

/** A failed image is not asked for again for this long (per process). */
const FAILURE_TTL_MS = 10 * 60_000;
const MAX_FAILURES_KEPT = 5_000;
/** Bump when the answers change, so older cached renders are not served. */
const VERSION = "1";

export interface ImagesServiceDeps {
  /** The private-network policy: an image is fetched through the client it picks for the asker. */
  network: Pick<NetworkPolicy, "publicHttp" | "privateHttp" | "allows" | "privateNetworksFor">;
  cache: ImageCache;
  clock: Clock;
  logger: Logger;
  /** IMAGE_PROXY: off answers every request with a 404 that says so. */
  enabled: boolean;
  /** IMAGE_MAX_BYTES: the largest image fetched. */
  maxBytes: number;
  /** Images decoded and encoded at once (each holds its pixels); default: one per processor, at most 4. */
  renderSlots?: number;
  /**
   * Images fetched and rendered at once: each holds its original's bytes from the fetch until
   * its answer is stored, so this bounds the memory of a burst of cold requests.
   */
  coldSlots?: number;
}

/** A proxied image, and whether it came from a private network (then it is nobody else's to cache). */
export type ProxiedFile = CachedFile & { privateNetwork: boolean };

/**
 * Counts one fetch for the client that asks: the seconds it must wait when it has had its share
 * of the hour, else 0 (cache hits never ask).
 */
export type FetchAllowance = () => Promise<number>;

const key = (...parts: (string | number)[]) => createHash("sha256").update([VERSION, ...parts].join("\n")).digest("hex");

/**
 * What an asker may reach: an image from a private network is kept under its own cache key and
 * fetched apart, so what one reader the policy allows there fetched never reaches anyone else.
 */
type Reach = "public" | "private";
/** The cache key of an answer, by where its original came from. */
const keyOf = (reach: Reach, ...parts: (string | number)[]) => (reach === "public" ? key(...parts) : key(...parts, "private"));

/**
 * The image proxy: images fetched once, through the private-network policy's client for the
 * asker, resized to WebP and kept on disk; their size and colours measured on request. Identical
 * requests that arrive together share one fetch and one render.
 */
export function createImagesService(deps: ImagesServiceDeps) {
  const { network, cache, clock, logger } = deps;
  const renders = new Semaphore(deps.renderSlots ?? Math.max(1, Math.min(4, availableParallelism())));
  const cold = new Semaphore(deps.coldSlots ?? 8);
  const inFlight = new Map<string, Promise<ProxiedFile>>();
  const originals = new Map<string, Promise<FetchedImage>>();
  const failures = new Map<string, { error: AppError; until: number }>();

  function assertEnabled() {
    if (!deps.enabled) throw new AppError(ErrorCode.InvalidParameter, { status: 404, message: "The image proxy is off", reason: "This instance runs with IMAGE_PROXY=false: load the image from its own address" });
  }

  /** The original bytes, one fetch for everyone of one reach asking at once; failures remembered a while. */
  function original(url: URL, reach: Reach, who: Voucher, allow: FetchAllowance | undefined): Promise<FetchedImage> {
    const id = `${reach}\n${url.href}`;
    const failed = failures.get(id);
    if (failed && failed.until > clock.now().getTime()) return Promise.reject(failed.error);
    const pending = originals.get(id);
    if (pending) return pending;
    if (!allow) return start(id, url, reach, who);
    return allow().then((wait) => {
      if (wait > 0) throw new AppError(ErrorCode.TooManyRequests, { reason: `This address has had too many images fetched this hour (IMAGE_PROXY_PER_HOUR); cached ones still load. Try again in ${wait} s` });
      return originals.get(id) ?? start(id, url, reach, who);
    });
  }

  function start(id: string, url: URL, reach: Reach, who: Voucher): Promise<FetchedImage> {
    const http = reach === "private" ? network.privateHttp : network.publicHttp;
    const started = fetchImage(http, url, deps.maxBytes, (error) => refusalError(error, { policy: network, who }))
      .catch((error: unknown) => {
        if (error instanceof AppError && error.status !== 403) remember(id, error);
        throw error;
      })
      .finally(() => originals.delete(id));
    originals.set(id, started);
    return started;
  }

  /** A cached answer the asker may have: the public one, or for a reach of "private" the private one too. */
  async function cached(reach: Reach, ...parts: (string | number)[]): Promise<ProxiedFile | null> {
    const shared = await cache.get(keyOf("public", ...parts));
    if (shared) return { ...shared, privateNetwork: false };
    const own = reach === "private" ? await cache.get(keyOf("private", ...parts)) : null;
    return own && { ...own, privateNetwork: true };
  }

  function remember(href: string, error: AppError) {
    if (failures.size >= MAX_FAILURES_KEPT) {
      const now = clock.now().getTime();
      for (const [kept, failure] of failures) if (failure.until <= now || failures.size >= MAX_FAILURES_KEPT) failures.delete(kept);
    }
    failures.set(href, { error, until: clock.now().getTime() + FAILURE_TTL_MS });
  }

  /** Runs `work` once for everyone asking `id` at the same time. */
  function once(id: string, work: () => Promise<ProxiedFile>): Promise<ProxiedFile> {
    let pending = inFlight.get(id);
    if (!pending) {
      pending = work().finally(() => inFlight.delete(id));
      inFlight.set(id, pending);
    }
    return pending;
  }

  async function decodeOrFail<T>(href: string, reach: Reach, work: () => Promise<T>): Promise<T> {
    try {
      return await renders.run(work);
    } catch (error) {
      logger.debug({ err: error, url: href }, "image could not be read");
      const failure = new AppError(ErrorCode.InvalidParameter, { status: 502, message: "The image could not be read", reason: error instanceof Error ? error.message : String(error) });
      remember(`${reach}\n${href}`, failure);
      throw failure;
    }
  }

  return {
    enabled: deps.enabled,

    /**
     * The image at `rawUrl`, `width` pixels wide as WebP; without a width, PNG, JPEG, GIF, WebP
     * and AVIF pass through unchanged and anything else (SVG, icons) becomes WebP.
     */
    async image(rawUrl: string, width: number | null, allow?: FetchAllowance, who: Voucher = null): Promise<ProxiedFile> {
      assertEnabled();
      const url = parseImageUrl(rawUrl);
      const reach: Reach = network.allows(who) ? "private" : "public";
      const parts = ["image", url.href, width ?? 0, "webp"];
      const hit = await cached(reach, ...parts);
      if (hit) return hit;
      return once(`${reach}\n${keyOf("public", ...parts)}`, () =>
        cold.run(async () => {
          const source = await original(url, reach, who, allow);
          const { privateNetwork } = source;
          const id = keyOf(privateNetwork ? "private" : "public", ...parts);
          const passed = width === null ? passThrough(source.format) : null;
          if (passed) return { ...(await cache.put(id, source.bytes, passed)), privateNetwork };
          const rendered = await decodeOrFail(url.href, reach, () => renderImage(source, width));
          return { ...(await cache.put(id, rendered.bytes, rendered.ext)), privateNetwork };
        }),
      );
    },

    /** The size and dominant colours of the image at `rawUrl` (spec §3 `images`), measured once. */
    async meta(rawUrl: string, allow?: FetchAllowance, who: Voucher = null): Promise<ImageMeta> {
      assertEnabled();
      const url = parseImageUrl(rawUrl);
      const reach: Reach = network.allows(who) ? "private" : "public";
      const parts = ["meta", url.href];
      const file =
        (await cached(reach, ...parts)) ??
        (await once(`${reach}\n${keyOf("public", ...parts)}`, () =>
          cold.run(async () => {
            const source = await original(url, reach, who, allow);
            const measured = await decodeOrFail(url.href, reach, () => measureImage(source));
            const meta: ImageMeta = { url: url.href, ...measured, createdAt: clock.now().toISOString() };
            const privateNetwork = source.privateNetwork;
            return { ...(await cache.put(keyOf(privateNetwork ? "private" : "public", ...parts), Buffer.from(JSON.stringify(meta)), "json")), privateNetwork };
          }),
        ));
      return JSON.parse(file.bytes.toString("utf8")) as ImageMeta;
    },

    /**
     * A public image `width` pixels wide if the cache holds it, else null at once; a miss starts
     * the fetch in the background (one per address at a time, within the cold slots), so the
     * next ask finds it. For answers that must not wait on other hosts (reader apps' icons).
     */
    async cachedOrWarm(rawUrl: string, width: number): Promise<CachedFile | null> {
      if (!deps.enabled) return null;
      let url: URL;
      try {
        url = parseImageUrl(rawUrl);
      } catch {
        return null;
      }
      const hit = await cache.get(keyOf("public", "image", url.href, width, "webp"));
      if (hit) return hit;
      this.image(url.href, width).catch((error: unknown) => logger.debug({ err: error, url: url.href }, "image warm-up failed"));
      return null;
    },
  };
}

export type ImagesService = ReturnType<typeof createImagesService>;
