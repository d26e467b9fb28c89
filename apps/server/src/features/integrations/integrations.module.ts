import { randomBytes, randomUUID } from "node:crypto";
import type { TimelineItem } from "@tidings/contracts";
import { Hono } from "hono";
import type { Database } from "../../db/client.ts";
import type { Config } from "../../env.ts";
import type { AppEnv, RequestUser } from "../../http/context.ts";
import type { Clock } from "../../lib/clock.ts";
import type { NetworkPolicy } from "../../lib/http/index.ts";
import type { Logger } from "../../lib/logger.ts";
import { createHourlyLimit } from "../../lib/rate-limit.ts";
import { createSealedBox } from "../../lib/sealed-box.ts";
import type { ModuleContext } from "../module.ts";
import { DEFAULT_ENDPOINTS, type FixedEndpoints } from "./clients/index.ts";
import { integrationsRoutes } from "./integrations.routes.ts";
import { createIntegrationsRepo } from "./integrations.repo.ts";
import { createIntegrationsService, type IntegrationsService } from "./integrations.service.ts";

import { htmlToMarkdown } from "./markdown.ts";

/**
 * The integrations service over the app's shared parts. `endpoints` replaces the fixed hosts of
 * Instapaper and Zotero (tests only).
 */
export function createIntegrations(input: {
  config: Config;
  db: Database;
  /** The private-network policy: a reader's self-hosted service may be on their LAN only if it lets them. */
  network: NetworkPolicy;
  clock: Clock;
  logger: Logger;
  secret: string;
  entry: (user: RequestUser, entryId: string) => Promise<TimelineItem>;
  endpoints?: Partial<FixedEndpoints>;
}): IntegrationsService {
  const { config } = input;
  return createIntegrationsService({
    repo: createIntegrationsRepo(input.db),
    box: createSealedBox(input.secret, "integration-settings"),
    clock: input.clock,
    logger: input.logger.child({ module: "integrations" }),
    entry: input.entry,
    network: input.network,
    limit: createHourlyLimit({ perHour: config.integrations.savesPerHour, clock: input.clock }),
    context: {
      endpoints: { ...DEFAULT_ENDPOINTS, ...input.endpoints },
      now: () => input.clock.now(),
      newId: () => randomUUID(),
      boundary: () => `----TidingsFormBoundary${randomBytes(12).toString("hex")}`,
      toMarkdown: htmlToMarkdown,
    },
  });
}

/** /integrations: "save to …" and the reader's synced integration settings. */
export function integrationsModule(context: ModuleContext) {
  return new Hono<AppEnv>().route("/integrations", integrationsRoutes({ integrations: context.deps.integrations, requireUser: context.requireUser }));
}
