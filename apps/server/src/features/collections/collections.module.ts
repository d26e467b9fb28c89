import { Hono } from "hono";
import type { AppEnv } from "../../http/context.ts";
import type { Platform } from "../../platform.ts";
import type { FeatureModule } from "../module.ts";
import { createCollectionsRepo } from "./collections.repo.ts";
import { collectionRoutes } from "./collections.routes.ts";
import { createCollectionsService } from "./collections.service.ts";

export interface CollectionsPorts {
  platform: Pick<Platform, "db" | "clock">;
  /** Whether a reader may see (and so star) an entry. */
  canSee: (userId: string, entryId: string) => Promise<boolean>;
}

/** Stars (`/collections`): a reader's starred entries. */
export function createCollectionsModule(ports: CollectionsPorts) {
  const collections = createCollectionsService({ repo: createCollectionsRepo(ports.platform.db), clock: ports.platform.clock, canSee: ports.canSee });
  return {
    collections,
    routes: ({ requireUser }) => new Hono<AppEnv>().route("/collections", collectionRoutes({ collections, requireUser })),
  } satisfies FeatureModule & Record<string, unknown>;
}
