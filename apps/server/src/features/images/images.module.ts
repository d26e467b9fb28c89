import path from "node:path";
import { createLimit, HOUR_MS, type RateCounter } from "../../lib/rate-limit.ts";
import type { Platform } from "../../platform.ts";
import type { FeatureModule } from "../module.ts";
import { createImageCache } from "./image-cache.ts";
import type { ImagesConfig } from "./images.config.ts";
import { imageRoutes } from "./images.routes.ts";
import { createImagesService } from "./images.service.ts";

export interface ImagesPorts {
  platform: Pick<Platform, "network" | "clock" | "logger">;
  config: ImagesConfig;
  /** Where the disk cache lives: `DATA_DIR/image-cache`. */
  dataDir: string;
  /** Take the client address from X-Forwarded-For (the hourly limit counts per address). */
  trustProxy: boolean;
  /** Where the hourly limit counts, shared by every server process. */
  rateCounter: RateCounter;
}

/** The image proxy (`/image`, `/image/meta`), its disk cache in `DATA_DIR/image-cache`. */
export function createImagesModule(ports: ImagesPorts) {
  const { config, platform } = ports;
  const logger = platform.logger.child({ module: "images" });
  const cache = createImageCache({ dir: path.join(ports.dataDir, "image-cache"), maxBytes: config.cacheMaxBytes, logger });
  const images = createImagesService({ network: platform.network, cache, clock: platform.clock, logger, enabled: config.proxy, maxBytes: config.maxBytes });
  const limit = createLimit(ports.rateCounter, { bucket: "images", limit: config.perHour, windowMs: HOUR_MS, logger });
  return {
    /** A site's icon, 64 pixels wide, if cached (else fetched in the background for next time): what reader apps' favicons show. */
    cachedIcon: (url: string) => images.cachedOrWarm(url, 64),
    routes: ({ optionalUser }) => imageRoutes({ images, limit, trustProxy: ports.trustProxy, optionalUser }),
  } satisfies FeatureModule & Record<string, unknown>;
}
