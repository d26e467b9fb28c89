import type { Rsshub } from "../rsshub/index.ts";
import type { Platform } from "../../platform.ts";
import type { FeatureModule } from "../module.ts";
import { createDiscoverRepo } from "./discover.repo.ts";
import { discoverRoutes } from "./discover.routes.ts";
import { createDiscoverService, type DiscoverServiceDeps } from "./discover.service.ts";
import { createTrendingRepo } from "./trending.repo.ts";
import { createTrendingService } from "./trending.service.ts";

export interface DiscoverPorts extends Pick<DiscoverServiceDeps, "discover" | "store"> {
  platform: Pick<Platform, "db" | "clock">;
  /** The route catalogue of the RSSHub instance each reader uses. */
  rsshub: Pick<Rsshub, "catalogue" | "catalogueSources">;
  /** Running POWER boosts of feeds, shown in the ranking; absent without POWER. */
  boosts?: (feedIds: string[]) => Promise<Map<string, { level: number; boostCount: number }>>;
}

/** Discover (`/discover…`: feeds at an address, feeds and lists of this instance, RSSHub routes) and `/trending`. */
export function createDiscoverModule(ports: DiscoverPorts) {
  const { db, clock } = ports.platform;
  const discoverRepo = createDiscoverRepo(db);
  const discover = createDiscoverService({ repo: discoverRepo, discover: ports.discover, store: ports.store });
  const trending = createTrendingService({ repo: createTrendingRepo(db), discoverRepo, clock, ...(ports.boosts ? { boosts: ports.boosts } : {}) });
  return {
    routes: ({ requireUser }) => discoverRoutes({ discover, rsshub: ports.rsshub, trending, requireUser }),
  } satisfies FeatureModule & Record<string, unknown>;
}
