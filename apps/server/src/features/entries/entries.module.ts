import { Hono } from "hono";
import type { AppEnv } from "../../http/context.ts";
import type { Platform } from "../../platform.ts";
import type { FeatureModule } from "../module.ts";
import { createEntriesRepo } from "./entries.repo.ts";
import { entryRoutes } from "./entries.routes.ts";
import { createEntriesService, type EntriesServiceDeps } from "./entries.service.ts";

export interface EntriesPorts extends Omit<EntriesServiceDeps, "repo"> {
  platform: Pick<Platform, "db">;
}

/**
 * Entries as readers see them (`/entries…`): timelines by view, feed, folder, list, inbox or
 * stars, one entry, the stream of contents, read histories and the reader view.
 */
export function createEntriesModule(ports: EntriesPorts) {
  const { platform, ...deps } = ports;
  const repo = createEntriesRepo(platform.db);
  const entries = createEntriesService({ repo, ...deps });
  return {
    entries,
    /** Whether a reader may see an entry (an inbox's are its owner's; none they blocked). */
    visibleTo: (userId: string, entryId: string) => repo.visibleTo(userId, entryId),
    routes: ({ requireUser }) => new Hono<AppEnv>().route("/entries", entryRoutes({ entries, requireUser })),
  } satisfies FeatureModule & Record<string, unknown>;
}

export type EntriesModule = ReturnType<typeof createEntriesModule>;
