import type { Clock } from "../../lib/clock.ts";
import type { HttpClient } from "../../lib/http/index.ts";
import type { Logger } from "../../lib/logger.ts";
import type { SealedBox } from "../../lib/sealed-box.ts";
import type { RsshubRepo } from "./rsshub.repo.ts";
import type { RsshubCatalogue } from "./rsshub-routes.ts";
import { InstanceProblem } from "./rsshub-instance-api.ts";
import type { DefaultHealth } from "./rsshub.service.ts";
import type { DefaultInstance } from "./rsshub-targets.ts";

const BATCH = 8;
const LEASE_MS = 5 * 60 * 1000;

/**
 * Checks readers' instances when they are due (every RSSHUB_CHECK_MINUTES; sooner after a fetch
 * found one unavailable), and the default instance as often. Due instances are claimed in the
 * database, so several server processes check each one once. The routes a check reads are kept
 * for the catalogue.
 */
export function createRsshubChecker(deps: {
  repo: RsshubRepo;
  box: SealedBox;
  clock: Clock;
  logger: Logger;
  /** The client for the default instance, the administrator's: private networks allowed. */
  lanHttp: HttpClient;
  /** The client for a reader's instance, by its owner's standing (the private-network policy). */
  clientForOwner: (ownerIsAdmin: boolean) => HttpClient;
  checkMinutes: number;
  defaultInstance: DefaultInstance;
  /** The health check; may give the instance's routes (older instances are checked by reading them). */
  probe: (http: HttpClient, target: { baseUrl: string; accessKey: string | null }) => Promise<RsshubCatalogue | null>;
  remember: (key: string, catalogue: RsshubCatalogue) => void;
}) {
  const health: DefaultHealth = { baseUrl: deps.defaultInstance.baseUrl, status: "ok", errorMessage: null, checkedAt: null };
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let lastDefaultCheck = 0;

  const describe = (error: unknown) =>
    error instanceof InstanceProblem ? { status: error.status, message: error.message } : { status: "unavailable" as const, message: (error as Error).message };

  async function checkDefault(): Promise<void> {
    const now = deps.clock.now();
    try {
      const routes = await deps.probe(deps.lanHttp, deps.defaultInstance);
      if (routes) deps.remember("default", routes);
      Object.assign(health, { status: "ok", errorMessage: null, checkedAt: now });
    } catch (error) {
      const { status, message } = describe(error);
      Object.assign(health, { status, errorMessage: message, checkedAt: now });
      deps.logger.warn({ baseUrl: deps.defaultInstance.baseUrl, message }, "the default RSSHub instance failed its check");
    }
  }

  /** Checks every due instance once; returns how many were checked. */
  async function checkDue(): Promise<number> {
    const now = deps.clock.now();
    const due = await deps.repo.claimDueChecks(now, BATCH, new Date(now.getTime() + LEASE_MS));
    await Promise.all(
      due.map(async (instance) => {
        const accessKey = instance.accessKeySealed ? deps.box.open(instance.accessKeySealed) : null;
        const http = deps.clientForOwner(instance.ownerIsAdmin);
        const checkedAt = deps.clock.now();
        const nextCheckAt = new Date(checkedAt.getTime() + deps.checkMinutes * 60_000);
        try {
          if (instance.accessKeySealed && accessKey === null) throw new InstanceProblem("invalid", "Its access key was sealed with another server secret");
          const routes = await deps.probe(http, { baseUrl: instance.baseUrl, accessKey });
          if (routes) deps.remember(instance.id, routes);
          await deps.repo.recordCheck(instance.id, { status: "ok", errorMessage: null, checkedAt, nextCheckAt });
        } catch (error) {
          const { status, message } = describe(error);
          await deps.repo.recordCheck(instance.id, { status, errorMessage: message, checkedAt, nextCheckAt });
        }
      }),
    );
    return due.length;
  }

  async function tick(): Promise<void> {
    try {
      if (deps.clock.now().getTime() - lastDefaultCheck >= deps.checkMinutes * 60_000) {
        lastDefaultCheck = deps.clock.now().getTime();
        await checkDefault();
      }
      while ((await checkDue()) === BATCH);
    } catch (error) {
      deps.logger.error({ err: error }, "RSSHub instance checks failed");
    }
  }

  return {
    health: () => ({ ...health }),
    checkDue,
    checkDefault,
    start(intervalMs = 60_000) {
      if (timer) return;
      const loop = () => {
        running = tick().finally(() => {
          running = null;
          if (timer) timer = setTimeout(loop, intervalMs);
        });
      };
      timer = setTimeout(loop, 0);
    },
    async stop() {
      if (timer) clearTimeout(timer);
      timer = null;
      await running;
    },
  };
}

export type RsshubChecker = ReturnType<typeof createRsshubChecker>;
