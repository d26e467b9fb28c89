import type { HealthRepo } from "./health.repo.ts";

/** The driver's own message under Drizzle's "Failed query: …" wrapper ("connect ECONNREFUSED …"). */
function innermostMessage(error: unknown): string {
  let current = error as { message?: unknown; cause?: unknown };
  while (current.cause && typeof current.cause === "object") current = current.cause as typeof current;
  return typeof current.message === "string" ? current.message : String(error);
}

export type ReadinessAnswer = { ready: true } | { ready: false; reason: string };

/** How long the database has to answer a readiness check. */
const CHECK_TIMEOUT_MS = 2000;

/**
 * Whether this process should be sent requests (`GET /readyz`): the database answers, it holds
 * every migration this server ships, and the process is not shutting down. Once the migrations
 * are found current they are not looked at again (they are never taken back), so a check is one
 * `SELECT 1`.
 */
export function createReadiness(repo: HealthRepo, options: { timeoutMs?: number; down?: () => string | null } = {}) {
  const timeoutMs = options.timeoutMs ?? CHECK_TIMEOUT_MS;
  let draining = false;
  let migrationsCurrent = false;
  let shipped: Promise<string[]> | null = null;

  async function probe(): Promise<ReadinessAnswer> {
    await repo.ping();
    if (!migrationsCurrent) {
      shipped ??= repo.shippedMigrations();
      const applied = new Set(await repo.appliedMigrations());
      const pending = (await shipped).filter((name) => !applied.has(name));
      if (pending.length) return { ready: false, reason: `${pending.length} migration(s) not applied: ${pending.join(", ")}` };
      migrationsCurrent = true;
    }
    return { ready: true };
  }

  return {
    /** From now on the process answers not ready: it is shutting down. */
    drain(): void {
      draining = true;
    },
    get draining(): boolean {
      return draining;
    },
    async check(): Promise<ReadinessAnswer> {
      if (draining) return { ready: false, reason: "shutting down" };
      // The embedded PostgreSQL is known to be down (it died and is being restarted): no query to wait on.
      const down = options.down?.();
      if (down) return { ready: false, reason: down };
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<ReadinessAnswer>((resolve) => {
        timer = setTimeout(() => resolve({ ready: false, reason: `the database did not answer within ${timeoutMs} ms` }), timeoutMs);
      });
      try {
        return await Promise.race([
          probe().catch((error: unknown): ReadinessAnswer => ({ ready: false, reason: `the database is unreachable: ${innermostMessage(error)}` })),
          timeout,
        ]);
      } finally {
        clearTimeout(timer);
      }
    },
  };
}

export type Readiness = ReturnType<typeof createReadiness>;
