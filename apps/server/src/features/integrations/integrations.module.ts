import { randomBytes, randomUUID } from "node:crypto";
import type { TimelineItem } from "@tidings/contracts";
import { Hono } from "hono";
import type { AppEnv, RequestUser } from "../../http/context.ts";
import type { NetworkPolicy } from "../../lib/http/index.ts";
import { createLimit, HOUR_MS, type RateCounter } from "../../lib/rate-limit.ts";
import { createSealedBox } from "../../lib/sealed-box.ts";
import type { Platform } from "../../platform.ts";
import type { FeatureModule } from "../module.ts";
import type { IntegrationsConfig } from "./integrations.config.ts";
import { DEFAULT_ENDPOINTS, type FixedEndpoints } from "./clients/index.ts";
import { integrationsRoutes } from "./integrations.routes.ts";
import { createIntegrationsRepo } from "./integrations.repo.ts";
import { createIntegrationsService } from "./integrations.service.ts";

import { htmlToMarkdown } from "./markdown.ts";

export interface IntegrationsPorts {
  platform: Platform;
  config: IntegrationsConfig;
  /** The entry as the reader sees it; 3000 when they may not see it. */
  entry: (user: RequestUser, entryId: string) => Promise<TimelineItem>;
  /** For tests: the clients of the private-network policy, and the fixed hosts of Instapaper and Zotero. */
  network?: Pick<NetworkPolicy, "publicHttp" | "privateHttp" | "allows" | "privateNetworksFor">;
  endpoints?: Partial<FixedEndpoints>;
  /** Where the hourly limit of saves per reader counts, shared by every server process. */
  rateCounter: RateCounter;
}

/**
 * "Save to …" (`/integrations/:service/save`) for the services browsers cannot call (CORS), and
 * the readers' synced, sealed integration settings (`/integrations/settings`).
 */
export function createIntegrationsModule(ports: IntegrationsPorts) {
  const { platform } = ports;
  const { clock } = platform;
  const logger = platform.logger.child({ module: "integrations" });
  const integrations = createIntegrationsService({
    repo: createIntegrationsRepo(platform.db),
    box: createSealedBox(platform.secret, "integration-settings"),
    clock,
    logger,
    entry: ports.entry,
    network: ports.network ?? platform.network,
    limit: createLimit(ports.rateCounter, { bucket: "saves", limit: ports.config.savesPerHour, windowMs: HOUR_MS, logger }),
    context: {
      endpoints: { ...DEFAULT_ENDPOINTS, ...ports.endpoints },
      now: () => clock.now(),
      newId: () => randomUUID(),
      boundary: () => `----TidingsFormBoundary${randomBytes(12).toString("hex")}`,
      toMarkdown: htmlToMarkdown,
    },
  });
  return {
    integrations,
    routes: ({ requireUser }) => new Hono<AppEnv>().route("/integrations", integrationsRoutes({ integrations, requireUser })),
  } satisfies FeatureModule & Record<string, unknown>;
}
