import { randomBytes } from "node:crypto";
import { migrate } from "../db/migrate.ts";
import type { Config } from "../env.ts";
import { createRoot } from "../root.ts";
import { systemClock } from "../lib/clock.ts";
import { createLogger } from "../lib/logger.ts";
import { resolveVapidKeys } from "../lib/push/vapid-keys.ts";
import { openLocalDatabase } from "../local-database.ts";
import { threadCpuSeconds } from "../lib/thread-cpu.ts";
import { peakResidentMb } from "../lib/peak-memory.ts";

/**
 * `cli refresh [--all]`: one pass of the refresh engine over the configured database (the
 * embedded one in DATA_DIR, or DATABASE_URL): every due feed, or with `all` every feed somebody
 * reads, refreshed under the configured concurrency and per-host limits. The answer carries the
 * process's CPU time and peak resident memory so far (what `npm run bench:reference` reports).
 */
export async function refreshOnce(config: Config, options: { all: boolean }) {
  const started = performance.now();
  const logger = createLogger({ level: config.logLevel });
  // The embedded database: the running server's (found through its lock), or started for this command.
  const database = await openLocalDatabase(config, { command: "refresh", logger, share: true });
  let outcome;
  let threads: ReturnType<typeof threadCpuSeconds> | undefined;
  try {
    await migrate(database.db);
    // The server's own composition, so that what this pass stores goes through everything a
    // server's refresh does: readers' rules (blocks, stars, webhooks queued, AI work), push
    // notifications queued, the lists holding the feeds. Readers' RSSHub access keys open only
    // with the server's secret; without it their feeds go through the default instance.
    const authSecret = config.auth.secret ?? randomBytes(32).toString("base64url");
    const vapidKeys = await resolveVapidKeys(config.push.vapid, config.dataDir, { create: false });
    const root = createRoot({ config, logger, database, authSecret, vapidKeys });
    if (options.all) await root.feedsRepo.markDue(systemClock.now());
    try {
      outcome = await root.scheduler.drain();
      // The rules' AI work on what was stored ends before this process does.
      await root.settled();
      // Before the reading threads end, so that their time is counted.
      threads = threadCpuSeconds();
    } finally {
      await root.feedReaders.close();
      root.network.close();
      await root.rateCounter.close();
    }
  } finally {
    await database.close();
  }
  const usage = process.resourceUsage();
  const main = process.threadCpuUsage();
  return {
    ...outcome,
    seconds: Number(((performance.now() - started) / 1000).toFixed(2)),
    cpuSeconds: Number(((usage.userCPUTime + usage.systemCPUTime) / 1e6).toFixed(2)),
    /** Of which the main thread's (fetching and storing; the rest is the reading threads', the collector's and the compiler's). */
    mainCpuSeconds: Number(((main.user + main.system) / 1e6).toFixed(2)),
    /** By kind of thread, where the system tells (lib/thread-cpu.ts). */
    threadCpuSeconds: threads ?? null,
    /** This process's own peak (lib/peak-memory.ts: not the size of the process that spawned it). */
    maxRssMb: peakResidentMb(),
  };
}
