import { Hono } from "hono";
import type { AppEnv } from "../../http/context.ts";
import type { FeatureModule } from "../module.ts";
import { readRoutes } from "./reads.routes.ts";
import { createReadsService, type ReadsDeps } from "./reads.service.ts";

/** Read state (`/reads…`): unread counts, marking read and unread, mark-all-read. */
export function createReadsModule(ports: ReadsDeps) {
  const reads = createReadsService(ports);
  return {
    reads,
    routes: ({ requireUser }) => new Hono<AppEnv>().route("/reads", readRoutes({ reads, requireUser })),
  } satisfies FeatureModule & Record<string, unknown>;
}
