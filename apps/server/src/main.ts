import { fileURLToPath } from "node:url";
import { serve } from "@hono/node-server";
import { createApp } from "./app.ts";
import { describeConnectionError } from "./db/connection-error.ts";
import { migrate, MigrationError } from "./db/migrate.ts";
import { localUrlOf } from "./db/embedded/data-dir-lock.ts";
import { openLocalDatabase, type LocalDatabase } from "./local-database.ts";
import { createHealthRepo, createReadiness } from "./features/health/index.ts";
import { jobsInThread } from "./fetcher/index.ts";
import { startJobsThread, type JobsThread } from "./jobs-thread-host.ts";
import { createRoot } from "./root.ts";
import { ConfigError, loadConfig, type Config } from "./env.ts";
import { checkDataDir } from "./lib/data-dir.ts";
import { createLogger } from "./lib/logger.ts";
import { resolveVapidKeys } from "./lib/push/vapid-keys.ts";
import { resolveAuthSecret } from "./lib/secret.ts";
import { releaseStartupMemory } from "./lib/startup-memory.ts";

/** The server's entry point: configuration, database, migrations, the composition root, HTTP server. */
const WEB_DIST_DIR = fileURLToPath(new URL("../../web/dist", import.meta.url));
/** How long after listening the start-up garbage is collected. */
const STARTUP_SETTLE_MS = 1000;
/** How long a shutdown lets the requests under way finish before it closes their connections. */
const DRAIN_REQUESTS_MS = 20_000;
/** A shutdown that has not ended by then (a hung close) ends the process anyway, with code 1. */
const SHUTDOWN_DEADLINE_MS = 28_000;

function readConfig(): Config {
  try {
    return loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

async function main() {
  const startedAt = performance.now();
  const config = readConfig();
  const logger = createLogger({ level: config.logLevel });
  for (const notice of config.network.notices) logger.warn(notice);
  const unwritable = await checkDataDir(config.dataDir);
  if (unwritable) {
    logger.fatal({ dataDir: config.dataDir }, unwritable);
    process.exit(1);
  }
  const authSecret = await resolveAuthSecret(config.auth.secret, config.dataDir);
  const vapidKeys = await resolveVapidKeys(config.push.vapid, config.dataDir, { create: true });
  // The embedded PostgreSQL (no DATABASE_URL) is this process's: started here, stopped at the end.
  // One server at a time on a data directory: its lock names this one, where it listens and the
  // secret with which the CLI asks it for a backup.
  let database: LocalDatabase;
  try {
    database = await openLocalDatabase(config, { command: "server", logger, url: localUrlOf(config.server.host, config.server.port), withToken: true });
  } catch (error) {
    logger.fatal({ error: (error as Error).name }, describeConnectionError(error, config.databaseUrl) ?? (error as Error).message);
    process.exit(1);
  }
  let applied: string[];
  try {
    applied = await migrate(database.db);
  } catch (error) {
    logger.fatal({ migration: error instanceof MigrationError ? error.migration : undefined }, describeConnectionError(error, config.databaseUrl) ?? String((error as Error).message));
    await database.close();
    process.exit(1);
  }
  if (applied.length) logger.info({ applied }, "database migrated");

  // The background jobs (the refresh first) run in a thread of their own, so that what a refresh
  // stores and the garbage it leaves never hold up the event loop that answers readers.
  // Wakes of their loops (new feeds due, a webhook queued) reach them there (lib/claim-loop.ts).
  const root = createRoot({ config, logger, database, authSecret, vapidKeys });
  let jobs: JobsThread | null = null;
  if (config.fetch.scheduler && !jobsInThread(config.fetch, database.embedded !== null)) for (const job of root.jobs) job.start();
  else if (config.fetch.scheduler) {
    const databaseUrl = config.databaseUrl ?? database.embedded!.url;
    jobs = startJobsThread({ data: { databaseUrl, embedded: database.embedded !== null, authSecret, vapidKeys }, logger, onRefresh: root.metrics.onRefresh });
  }
  // Inbox mail over SMTP only when SMTP_LISTEN_PORT is set: smtp-server and mailparser load then.
  let smtp: { close(): Promise<void> } | null = null;
  if (config.inbox.smtp) {
    try {
      smtp = await root.inboxes.startSmtp(config.inbox.smtp);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      logger.fatal({ code }, code === "EADDRINUSE" ? `Port ${config.inbox.smtp.port} is already in use; set SMTP_LISTEN_PORT to another port` : String((error as Error).message));
      await database.close();
      process.exit(1);
    }
  }
  // Sign-in and sessions load before the server listens, so that its first request does not wait.
  await root.auth.warm();
  const readiness = createReadiness(createHealthRepo(database.db), database.down ? { down: database.down } : {});
  const app = createApp(root, { webDistDir: WEB_DIST_DIR, readiness });
  const server = serve({ fetch: app.fetch, port: config.server.port, hostname: config.server.host }, (info) => {
    logger.info(
      {
        url: `http://${config.server.host.includes(":") ? `[${info.address}]` : info.address}:${info.port}`,
        webUrl: config.server.webUrl,
        database: database.driver,
        startupMs: Math.round(performance.now() - startedAt),
      },
      "server listening",
    );
    setTimeout(releaseStartupMemory, STARTUP_SETTLE_MS).unref();
  });
  server.on("error", async (error: NodeJS.ErrnoException) => {
    logger.fatal(
      { code: error.code },
      error.code === "EADDRINUSE"
        ? `Port ${config.server.port} is already in use; set PORT to another port`
        : error.message,
    );
    await database.close();
    process.exit(1);
  });

  // SIGTERM/SIGINT: /readyz answers 503 at once, the listener closes (new connections are
  // refused), the requests under way get DRAIN_REQUESTS_MS to finish, the jobs stop and give back
  // the feeds this process claimed, then the database closes and the process exits 0.
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    readiness.drain();
    logger.info({ signal }, "shutting down");
    setTimeout(() => {
      logger.error({ deadlineMs: SHUTDOWN_DEADLINE_MS }, "shutdown did not finish in time; exiting");
      // The embedded PostgreSQL shuts down by itself (fast: its sessions end, a checkpoint is written).
      const postgres = database.embedded?.pid;
      if (postgres) process.kill(postgres, "SIGINT");
      process.exit(1);
    }, SHUTDOWN_DEADLINE_MS).unref();
    const requestsDone = new Promise<void>((resolve) => server.close(() => resolve()));
    // Keep-alive connections with no request under way close now; the others when their request ends.
    if ("closeIdleConnections" in server) server.closeIdleConnections();
    const drained = Promise.race([requestsDone, new Promise<"late">((resolve) => setTimeout(resolve, DRAIN_REQUESTS_MS, "late").unref())]).then((late) => {
      if (late && "closeAllConnections" in server) {
        logger.warn({ waitedMs: DRAIN_REQUESTS_MS }, "requests still under way at shutdown; closing their connections");
        server.closeAllConnections();
      }
    });
    await Promise.all([drained, ...(jobs ? [jobs.stop()] : root.jobs.map((job) => job.stop())), smtp?.close()]);
    // Notifications of the last refreshes go out before the connections close.
    await root.push.notifier.settled();
    await root.feedReaders.close();
    root.network.close();
    await root.rateCounter.close();
    await database.close();
    logger.info({ signal }, "shut down");
    process.exit(0);
  };
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
}

await main();
