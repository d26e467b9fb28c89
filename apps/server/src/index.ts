// The server's public API: what scripts, benchmarks and end-to-end tests outside apps/server use
// (`@tidings/server`). Everything else in src/ is the server's inside and may move freely. The
// start-up path of a process has its own light entry (`@tidings/server/process`), and test
// servers of the protocols the server speaks to are in `@tidings/server/testing`.
import { createApp } from "./app.ts";
import type { DatabaseHandle } from "./db/client.ts";
import type { Config } from "./env.ts";
import type { Clock } from "./lib/clock.ts";
import type { Logger } from "./lib/logger.ts";
import { createRoot } from "./root.ts";

export { type App, createApp } from "./app.ts";
export { refreshOnce } from "./cli/refresh.ts";
export { type Database, type DatabaseHandle, type DatabaseSource, type Executor, openDatabase, rowsOf } from "./db/client.ts";
export { migrate } from "./db/migrate.ts";
export { connectionUrl, type EmbeddedPostgres, type EmbeddedPostgresOptions, startEmbeddedPostgres } from "./db/embedded/embedded-postgres.ts";
export { clusterDirOf, embeddedHolder, openLocalDatabase } from "./local-database.ts";
// A cluster's running PostgreSQL, as its postmaster.pid tells (benchmarks and fault tests).
export { isAlive, stopLeftover } from "./db/embedded/postmaster.ts";
export * as schema from "./db/schema/index.ts";
export { type Config, ConfigError, loadConfig } from "./env.ts";
export { type Clock, systemClock } from "./lib/clock.ts";
export { createLogger, type Logger } from "./lib/logger.ts";
export { resolveAuthSecret } from "./lib/secret.ts";
export { createRoot, type Root, type RootInput } from "./root.ts";
export * as engine from "./engine.ts";

/**
 * A whole server over an open, migrated database, as `npm start` makes it (without listening):
 * the composition root and the HTTP app. `app.fetch` answers requests; `close()` stops what the
 * root runs (jobs it started, threads, connections), not the database.
 */
export function createServer(input: { config: Config; database: DatabaseHandle; logger: Logger; authSecret: string; clock?: Clock; jobs?: boolean; webDistDir?: string }) {
  const root = createRoot(input);
  if (input.jobs) for (const job of root.jobs) job.start();
  const app = createApp(root, input.webDistDir ? { webDistDir: input.webDistDir } : {});
  return {
    root,
    app,
    async close() {
      if (input.jobs) await Promise.all(root.jobs.map((job) => job.stop()));
      await root.push.notifier.settled();
      await root.feedReaders.close();
      root.network.close();
      await root.rateCounter.close();
    },
  };
}

// Readers' Actions rules, compiled once and matched against entries (what bench:actions times).
export { type ActionSubject, compileRules } from "./features/actions/index.ts";
