import { createHash } from "node:crypto";
import { availableParallelism } from "node:os";
import { ErrorCode, type ImageMeta } from "@tidings/contracts";
import { AppError } from "../../errors.ts";
import type { Clock } from "../../lib/clock.ts";
import type { HttpClient } from "../../lib/http/index.ts";
import type { Logger } from "../../lib/logger.ts";
import { Semaphore } from "../../lib/semaphore.ts";
import type { CachedFile, ImageCache } from "./image-cache.ts";
import { fetchImage, parseImageUrl } from "./image-fetch.ts";
import { passThrough } from "./image-sniff.ts";
import { measureImage, renderImage, type SourceImage } from "./image-transform.ts";

/** A failed image is not asked for again for this long (per process). */
const FAILURE_TTL_MS = 10 * 60_000;
const MAX_FAILURES_KEPT = 5_000;
/** Bump when the answers change, so older cached renders are not served. */
const VERSION = "1";

export interface ImagesServiceDeps {
  http: HttpClient;
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

/** Whether a client may make the server fetch one more image now (cache hits never ask). */
export type FetchAllowance = () => boolean;

const key = (...parts: (string | number)[]) => createHash("sha256").update([VERSION, ...parts].join("\n")).digest("hex");

/**
 * The image proxy: images fetched once, through the private-network guard, resized to WebP and
 * kept on disk; their size and colours measured on request. Identical requests that arrive
 * together share one fetch and one render.
 */
export function createImagesService(deps: ImagesServiceDeps) {
  const { http, cache, clock, logger } = deps;
  const renders = new Semaphore(deps.renderSlots ?? Math.max(1, Math.min(4, availableParallelism())));
  const cold = new Semaphore(deps.coldSlots ?? 8);
  const inFlight = new Map<string, Promise<CachedFile>>();
  const originals = new Map<string, Promise<SourceImage>>();
  const failures = new Map<string, { error: AppError; until: number }>();

  function assertEnabled() {
    if (!deps.enabled) throw new AppError(ErrorCode.InvalidParameter, { status: 404, message: "The image proxy is off", reason: "This instance runs with IMAGE_PROXY=false: load the image from its own address" });
  }

  /** The original bytes, one fetch for everyone asking at once; failures remembered a while. */
  function original(url: URL, allow: FetchAllowance | undefined): Promise<SourceImage> {
    const failed = failures.get(url.href);
    if (failed && failed.until > clock.now().getTime()) return Promise.reject(failed.error);
    const pending = originals.get(url.href);
    if (pending) return pending;
    if (allow && !allow()) return Promise.reject(new AppError(ErrorCode.InvalidParameter, { status: 429, message: "Too many images", reason: "This address has had too many images fetched this hour (IMAGE_PROXY_PER_HOUR); cached ones still load" }));
    const started = fetchImage(http, url, deps.maxBytes)
      .catch((error: unknown) => {
        if (error instanceof AppError && error.status !== 403) remember(url.href, error);
        throw error;
      })
      .finally(() => originals.delete(url.href));
    originals.set(url.href, started);
    return started;
  }

  function remember(href: string, error: AppError) {
    if (failures.size >= MAX_FAILURES_KEPT) {
      const now = clock.now().getTime();
      for (const [kept, failure] of failures) if (failure.until <= now || failures.size >= MAX_FAILURES_KEPT) failures.delete(kept);
    }
    failures.set(href, { error, until: clock.now().getTime() + FAILURE_TTL_MS });
  }

  /** Runs `work` once for everyone asking `id` at the same time. */
  function once(id: string, work: () => Promise<CachedFile>): Promise<CachedFile> {
    let pending = inFlight.get(id);
    if (!pending) {
      pending = work().finally(() => inFlight.delete(id));
      inFlight.set(id, pending);
    }
    return pending;
  }

  async function decodeOrFail<T>(href: string, work: () => Promise<T>): Promise<T> {
    try {
      return await renders.run(work);
    } catch (error) {
      logger.debug({ err: error, url: href }, "image could not be read");
      const failure = new AppError(ErrorCode.InvalidParameter, { status: 502, message: "The image could not be read", reason: error instanceof Error ? error.message : String(error) });
      remember(href, failure);
      throw failure;
    }
  }

  return {
    enabled: deps.enabled,

    /**
     * The image at `rawUrl`, `width` pixels wide as WebP; without a width, PNG, JPEG, GIF, WebP
     * and AVIF pass through unchanged and anything else (SVG, icons) becomes WebP.
     */
    async image(rawUrl: string, width: number | null, allow?: FetchAllowance): Promise<CachedFile> {
      assertEnabled();
      const url = parseImageUrl(rawUrl);
      const id = key("image", url.href, width ?? 0, "webp");
      const cached = await cache.get(id);
      if (cached) return cached;
      return once(id, () =>
        cold.run(async () => {
          const source = await original(url, allow);
          const passed = width === null ? passThrough(source.format) : null;
          if (passed) return cache.put(id, source.bytes, passed);
          const rendered = await decodeOrFail(url.href, () => renderImage(source, width));
          return cache.put(id, rendered.bytes, rendered.ext);
        }),
      );
    },

    /** The size and dominant colours of the image at `rawUrl` (spec §3 `images`), measured once. */
    async meta(rawUrl: string, allow?: FetchAllowance): Promise<ImageMeta> {
      assertEnabled();
      const url = parseImageUrl(rawUrl);
      const id = key("meta", url.href);
      const file =
        (await cache.get(id)) ??
        (await once(id, () =>
          cold.run(async () => {
            const source = await original(url, allow);
            const measured = await decodeOrFail(url.href, () => measureImage(source));
            const meta: ImageMeta = { url: url.href, ...measured, createdAt: clock.now().toISOString() };
            return cache.put(id, Buffer.from(JSON.stringify(meta)), "json");
          }),
        ));
      return JSON.parse(file.bytes.toString("utf8")) as ImageMeta;
    },
  };
}

export type ImagesService = ReturnType<typeof createImagesService>;
