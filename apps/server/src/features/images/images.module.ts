import path from "node:path";
import { createHourlyLimit } from "../../lib/rate-limit.ts";
import type { ModuleContext } from "../module.ts";
import { createImageCache } from "./image-cache.ts";
import { imageRoutes } from "./images.routes.ts";
import { createImagesService } from "./images.service.ts";

/** /image and /image/meta: the image proxy, its disk cache in `DATA_DIR/image-cache`. */
export function imagesModule(context: ModuleContext) {
  const { deps } = context;
  const { images: config } = deps.config;
  const logger = deps.logger.child({ module: "images" });
  const cache = createImageCache({ dir: path.join(deps.config.dataDir, "image-cache"), maxBytes: config.cacheMaxBytes, logger });
  const images = createImagesService({ network: deps.network, cache, clock: deps.clock, logger, enabled: config.proxy, maxBytes: config.maxBytes });
  const limit = createHourlyLimit({ perHour: config.perHour, clock: deps.clock });
  return imageRoutes({ images, limit, trustProxy: deps.config.server.trustProxy, optionalUser: context.optionalUser });
}
