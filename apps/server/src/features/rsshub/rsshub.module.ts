import type { IdGenerator } from "@tidings/contracts";
import type { Hono } from "hono";
import type { Database } from "../../db/client.ts";
import type { Config } from "../../env.ts";
import { createRsshubRouter, type RsshubRouter } from "./rsshub-routing.ts";
import type { AppEnv } from "../../http/context.ts";
import type { Clock } from "../../lib/clock.ts";
import { type NetworkPolicy, refusalError } from "../../lib/http/index.ts";
import type { Logger } from "../../lib/logger.ts";
import { createSealedBox } from "../../lib/sealed-box.ts";
import type { ModuleContext } from "../module.ts";
import { type CatalogueSource, createRsshubCatalogue, type RsshubCatalogueService } from "./rsshub-catalogue.ts";
import { createRsshubChecker, type RsshubChecker } from "./rsshub-checker.ts";
import { createRsshubRepo } from "./rsshub.repo.ts";
import { rsshubRoutes } from "./rsshub.routes.ts";
import { createRsshubService, type RsshubService, type RsshubServiceDeps } from "./rsshub.service.ts";
import { checkInstanceHealth, fetchInstanceCatalogue, loadSnapshot, readPublishedConfig } from "./rsshub-instance-api.ts";
import { createRsshubTargets } from "./rsshub-targets.ts";

/** RSSHub as the rest of the server sees it. */
export interface Rsshub {
  /** Instances: add, list, use (`/rsshub…`). */
  service: RsshubService;
  /** Fetches `rsshub://` routes through the readers' instances (the refresher and discovery use it). */
  router: RsshubRouter;
  /** The route catalogue (`/discover/rsshub…`). */
  catalogue: RsshubCatalogueService;
  /** Where a reader's routes come from: their instance, then the default. */
  catalogueSources: (userId: string) => Promise<CatalogueSource[]>;
  /** Health checks of readers' instances and the default; started with the scheduler. */
  checker: RsshubChecker;
}

/**
 * Builds RSSHub's parts over the shared database and the private-network policy. The default
 * instance (`RSSHUB_URL`) is the administrator's configuration: it may be on this machine or the
 * LAN. Readers' instances may be there when the policy lets their owner use private networks.
 */
export function createRsshub(input: {
  config: Config;
  db: Database;
  network: NetworkPolicy;
  ids: IdGenerator;
  clock: Clock;
  logger: Logger;
  secret: string;
  /** Paid instances through the POWER ledger; absent without POWER. */
  payments?: RsshubServiceDeps["payments"];
}): Rsshub {
  const { config, clock, network } = input;
  const { publicHttp: http, privateHttp: lanHttp } = network;
  const clientForOwner = (ownerIsAdmin: boolean) => network.clientFor({ isAdmin: ownerIsAdmin });
  const logger = input.logger.child({ module: "rsshub" });
  const repo = createRsshubRepo(input.db);
  const box = createSealedBox(input.secret, "rsshub-access-key");
  const defaultInstance = { baseUrl: config.fetch.rsshubUrl, accessKey: config.rsshub.accessKey };
  const { checkMinutes } = config.rsshub;
  const catalogue = createRsshubCatalogue({
    snapshot: loadSnapshot,
    clock,
    onBackgroundError: (error) => logger.warn({ err: error }, "RSSHub routes could not be fetched; serving the next source"),
  });
  const checker = createRsshubChecker({ repo, box, clock, logger, lanHttp, clientForOwner, checkMinutes, defaultInstance, probe: checkInstanceHealth, remember: catalogue.remember });
  const defaultSource: CatalogueSource = { key: "default", kind: "default", fetch: () => fetchInstanceCatalogue(lanHttp, defaultInstance) };
  const sourcesFor = async (instanceId: string | null): Promise<CatalogueSource[]> => {
    if (!instanceId) return [defaultSource];
    const instance = await repo.findById(instanceId);
    if (!instance || instance.status !== "ok") return [defaultSource];
    const accessKey = instance.accessKeySealed ? box.open(instance.accessKeySealed) : null;
    const client = network.clientFor(await network.standing(instance.ownerUserId));
    return [{ key: instance.id, kind: "instance", fetch: () => fetchInstanceCatalogue(client, { baseUrl: instance.baseUrl, accessKey }) }, defaultSource];
  };
  const service = createRsshubService({
    ...(input.payments ? { payments: input.payments } : {}),
    repo,
    box,
    clock,
    ids: input.ids,
    clientForOwner,
    refused: (error, owner) => refusalError(error, { policy: network, who: owner }),
    checkMinutes,
    probe: fetchInstanceCatalogue,
    readPublishedConfig,
    rememberCatalogue: catalogue.remember,
    defaultHealth: checker.health,
    catalogueSource: (_userId, instanceId) => catalogue.peek(instanceId ? [{ ...defaultSource, key: instanceId, kind: "instance" }, defaultSource] : [defaultSource]),
  });
  const targets = createRsshubTargets({ repo, box, clock, defaultInstance, mayUsePrivateNetworks: (ownerIsAdmin) => network.allows({ isAdmin: ownerIsAdmin }), checkMinutes });
  return {
    service,
    router: createRsshubRouter({ http, lanHttp, source: targets, clock }),
    catalogue,
    catalogueSources: async (userId) => sourcesFor((await repo.usageOf(userId, clock.now()))?.rsshubId ?? null),
    checker,
  };
}

/** `/api/rsshub…`. */
export function rsshubModule(context: ModuleContext): Hono<AppEnv> {
  return rsshubRoutes({ rsshub: context.deps.rsshub.service, requireUser: context.requireUser });
}
