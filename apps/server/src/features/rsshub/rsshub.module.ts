import { refusalError } from "../../lib/http/index.ts";
import { createSealedBox } from "../../lib/sealed-box.ts";
import type { Platform } from "../../platform.ts";
import type { FeatureModule } from "../module.ts";
import type { RsshubConfig } from "./rsshub.config.ts";
import { createRsshubRouter, type RsshubRouter } from "./rsshub-routing.ts";
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
export interface RsshubPorts {
  platform: Platform;
  config: RsshubConfig & {
    /** RSSHUB_URL: the server's default instance. */
    defaultUrl: string;
  };
  /** Paid instances through the POWER ledger; absent without POWER. */
  payments?: RsshubServiceDeps["payments"];
}

export function createRsshub(ports: RsshubPorts): Rsshub {
  const input = { ...ports.platform, payments: ports.payments };
  const { config } = ports;
  const { clock, network } = input;
  const { publicHttp: http, privateHttp: lanHttp } = network;
  const clientForOwner = (ownerIsAdmin: boolean) => network.clientFor({ isAdmin: ownerIsAdmin });
  const logger = input.logger.child({ module: "rsshub" });
  const repo = createRsshubRepo(input.db);
  const box = createSealedBox(input.secret, "rsshub-access-key");
  const defaultInstance = { baseUrl: config.defaultUrl, accessKey: config.accessKey };
  const { checkMinutes } = config;
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

/**
 * RSSHub's feature module: the instances' routes (`/rsshub…`), the router and catalogue other
 * features use, and the health checks as a background job.
 */
export function createRsshubModule(ports: RsshubPorts) {
  const rsshub = createRsshub(ports);
  return {
    ...rsshub,
    routes: ({ requireUser }) => rsshubRoutes({ rsshub: rsshub.service, requireUser }),
    jobs: [{ name: "rsshub-checks", start: () => rsshub.checker.start(), stop: () => rsshub.checker.stop() }],
  } satisfies FeatureModule & Record<string, unknown>;
}

export type RsshubModule = ReturnType<typeof createRsshubModule>;
