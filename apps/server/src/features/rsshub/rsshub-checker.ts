import { createClaimLoop } from "../../lib/claim-loop.ts";
import type { Clock } from "../../lib/clock.ts";
import type { HttpClient } from "../../lib/http/index.ts";
import type { Logger } from "../../lib/logger.ts";
import type { SealedBox } from "../../lib/sealed-box.ts";
import type { RsshubInstanceRow, RsshubRepo } from "./rsshub.repo.ts";
import type { RsshubCatalogue } from "./rsshub-routes.ts";
import { InstanceProblem } from "./rsshub-instance-api.ts";
import type { DefaultHealth } from "./rsshub.service.ts";
import type { DefaultInstance } from "./rsshub-targets.ts";

/** Instances checked at once by one process. */
const CONCURRENCY = 8;
/** A claimed check is another process's again after this long (its process died). */
const LEASE_MS = 5 * 60 * 1000;

/** The default instance, checked by every process (its health is each process's own): an item of the loop like a claimed instance. */
const DEFAULT_CHECK = { kind: "default" } as const;
type CheckItem = typeof DEFAULT_CHECK | (RsshubInstanceRow & { ownerIsAdmin: boolean; leasedUntil: Date });

/**
 * Checks readers' instances when they are due (every RSSHUB_CHECK_MINUTES; sooner after a fetch
 * found one unavailable), and the default instance as often, with the shared claim loop. Due
 * instances are claimed in the database under a lease, so several server processes check each one
 * once; those claimed and not checked when the process stops are given back. The routes a check
 * reads are kept for the catalogue.
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
  /** Longest wait between two looks at the queue (default a minute). */
  pollMs?: number;
}) {
  const health: DefaultHealth = { baseUrl: deps.defaultInstance.baseUrl, status: "ok", errorMessage: null, checkedAt: null };
  const intervalMs = deps.checkMinutes * 60_000;
  /** When this process checks the default instance next. */
  let defaultDueAt = 0;

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

  async function checkInstance(instance: RsshubInstanceRow & { ownerIsAdmin: boolean }): Promise<void> {
    const accessKey = instance.accessKeySealed ? deps.box.open(instance.accessKeySealed) : null;
    const http = deps.clientForOwner(instance.ownerIsAdmin);
    const checkedAt = deps.clock.now();
    const nextCheckAt = new Date(checkedAt.getTime() + intervalMs);
    try {
      if (instance.accessKeySealed && accessKey === null) throw new InstanceProblem("invalid", "Its access key was sealed with another server secret");
      const routes = await deps.probe(http, { baseUrl: instance.baseUrl, accessKey });
      if (routes) deps.remember(instance.id, routes);
      await deps.repo.recordCheck(instance.id, { status: "ok", errorMessage: null, checkedAt, nextCheckAt });
    } catch (error) {
      const { status, message } = describe(error);
      await deps.repo.recordCheck(instance.id, { status, errorMessage: message, checkedAt, nextCheckAt });
    }
  }

  /** Claims up to `limit` due instances for this process. */
  async function claimInstances(limit: number) {
    const now = deps.clock.now();
    const leasedUntil = new Date(now.getTime() + LEASE_MS);
    return (await deps.repo.claimDueChecks(now, limit, leasedUntil)).map((instance) => ({ ...instance, leasedUntil }));
  }

  const loop = createClaimLoop<CheckItem>({
    name: "rsshub-checks",
    async claim(limit) {
      const defaultDue = deps.clock.now().getTime() >= defaultDueAt;
      const instances: CheckItem[] = await claimInstances(limit - (defaultDue ? 1 : 0));
      if (!defaultDue) return instances;
      defaultDueAt = deps.clock.now().getTime() + intervalMs;
      return [DEFAULT_CHECK, ...instances];
    },
    run: (item) => ("kind" in item ? checkDefault() : checkInstance(item)),
    async release(items) {
      if (items.some((item) => "kind" in item)) defaultDueAt = 0;
      const instances = items.filter((item) => !("kind" in item)) as (RsshubInstanceRow & { leasedUntil: Date })[];
      if (instances.length > 0) await deps.repo.releaseChecks(instances, deps.clock.now());
    },
    async nextDueAt() {
      const next = await deps.repo.nextCheckAt();
      return next && next.getTime() < defaultDueAt ? next : new Date(defaultDueAt);
    },
    concurrency: CONCURRENCY,
    pollMs: deps.pollMs ?? 60_000,
    logger: deps.logger,
    clock: deps.clock,
  });

  return {
    health: () => ({ ...health }),
    /** Checks every due reader's instance now; answers how many were checked (tests, an admin's nudge). */
    async checkDue(): Promise<number> {
      let checked = 0;
      for (;;) {
        const due = await claimInstances(CONCURRENCY);
        await Promise.all(due.map(checkInstance));
        checked += due.length;
        if (due.length < CONCURRENCY) return checked;
      }
    },
    checkDefault,
    start: () => loop.start(),
    stop: () => loop.stop(),
    wake: () => loop.wake(),
  };
}

export type RsshubChecker = ReturnType<typeof createRsshubChecker>;
