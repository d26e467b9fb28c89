import { createIdGenerator } from "@tidings/contracts";
import { randomBytes, randomInt } from "node:crypto";
import { migrate } from "../db/migrate.ts";
import type { Config } from "../env.ts";
import { createAccountsModule } from "../features/accounts/index.ts";
import { createFeedsRepo } from "../features/feeds/index.ts";
import { createRsshubModule } from "../features/rsshub/index.ts";
import { createRefresher } from "../fetcher/index.ts";
import { systemClock } from "../lib/clock.ts";
import { createNetworkPolicy } from "../lib/http/index.ts";
import type { Platform } from "../platform.ts";
import { createTimelineRepo } from "../timeline/timeline.repo.ts";
import { USER_AGENT } from "../lib/http/user-agent.ts";
import { createLogger } from "../lib/logger.ts";
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
    const ids = createIdGenerator({ workerId: config.workerId ?? randomInt(1024) });
    const { db } = database;
    // Readers' RSSHub access keys open only with the server's secret; without it their feeds go through the default instance.
    const secret = config.auth.secret ?? randomBytes(32).toString("base64url");
    const clock = systemClock;
    const accounts = createAccountsModule({ platform: { db, clock, logger, secret }, invitationsRequired: config.auth.invitationsRequired });
    const network = createNetworkPolicy({
      userAgent: USER_AGENT,
      privateNetworksFor: config.network.privateNetworksFor,
      sharedAddresses: config.network.sharedAddresses,
      totalTimeoutMs: config.fetch.timeoutMs,
      maxBytes: config.fetch.maxBytes,
      isAdmin: accounts.isAdmin,
    });
    const platform: Platform = { db, ids, clock, logger, secret, network };
    const rsshub = createRsshubModule({ platform, config: { ...config.rsshub, defaultUrl: config.fetch.rsshubUrl } });
    const feeds = createFeedsRepo(db);
    const refresher = createRefresher({ platform, config: { ...config.fetch, siteIcons: config.images.siteIcons }, feeds, timeline: createTimelineRepo(db), rsshub: rsshub.router });
    if (options.all) await feeds.markDue(systemClock.now());
    try {
      outcome = await refresher.scheduler.drain();
      // Before the reading threads end, so that their time is counted.
      threads = threadCpuSeconds();
    } finally {
      await refresher.readers.close();
      network.close();
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
