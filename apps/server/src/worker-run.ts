import { randomBytes } from "node:crypto";
import { openDatabase } from "./db/client.ts";
import { describeConnectionError } from "./db/connection-error.ts";
import { migrate } from "./db/migrate.ts";
import { embeddedHolder } from "./local-database.ts";
import { createRoot } from "./root.ts";
import { ConfigError, loadConfig } from "./env.ts";
import { createLogger } from "./lib/logger.ts";
import { resolveVapidKeys } from "./lib/push/vapid-keys.ts";

/** A stop that has not ended by then (a hung close) ends the process anyway, with code 1. */
const STOP_DEADLINE_MS = 28_000;

/**
 * `npm run worker`: a standalone worker on PostgreSQL (DATABASE_URL's, or the embedded one of the
 * server running on DATA_DIR). Run as many as you like beside the server
 * (start the server with SCHEDULER=off to leave background work to them): they claim disjoint
 * batches of due feeds from the database, so no feed is fetched twice in a cycle, and run every
 * other background job (webhooks, push notifications, RSSHub checks, search re-indexing, daily AI
 * reports, POWER's daily rewards) the same way, each piece of work once.
 */
async function main() {
  let config;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
  const logger = createLogger({ level: config.logLevel }).child({ role: "worker" });
  for (const notice of config.network.notices) logger.warn(notice);
  // Without DATABASE_URL: the embedded PostgreSQL of the server running on DATA_DIR (its lock says where).
  const holder = config.databaseUrl ? null : await embeddedHolder(config.dataDir);
  if (!config.databaseUrl && !holder?.database) {
    console.error(`npm run worker works on the database of a running server: start it first (npm start, DATA_DIR=${config.dataDir}), or set DATABASE_URL.`);
    process.exit(1);
  }
  const database = await openDatabase({ kind: "postgres", url: config.databaseUrl ?? holder!.database! });
  try {
    await migrate(database.db);
  } catch (error) {
    const unreachable = describeConnectionError(error, config.databaseUrl);
    if (!unreachable) throw error;
    logger.fatal(unreachable);
    await database.close();
    process.exit(1);
  }
  // A worker serves no sessions; an ephemeral secret keeps it from touching the data directory.
  const authSecret = config.auth.secret ?? randomBytes(32).toString("base64url");
  // Push messages must be signed with the keys browsers subscribed with: configured, or the
  // server's, when this worker shares its data directory (it never makes a pair of its own).
  const vapidKeys = await resolveVapidKeys(config.push.vapid, config.dataDir, { create: false });
  const root = createRoot({ config, logger, database, authSecret, vapidKeys });
  // Every job claims its work in the database (db/job-queue.ts, lib/claim-loop.ts), so any number
  // of workers and servers run them side by side, each piece of work once.
  const { jobs } = root;
  for (const job of jobs) job.start();
  logger.info({ concurrency: config.fetch.concurrency, perHost: config.fetch.perHost }, "refresh worker started");
  // Its metrics on a port of its own (METRICS_PORT): a worker serves no HTTP otherwise.
  const metricsServer = config.metrics.port
    ? await root.metrics.listen(config.metrics.port, config.server.host).catch((error: NodeJS.ErrnoException) => {
        logger.fatal({ code: error.code }, error.code === "EADDRINUSE" ? `Port ${config.metrics.port} is already in use; set METRICS_PORT to another port` : error.message);
        process.exit(1);
      })
    : null;
  if (metricsServer) logger.info({ port: metricsServer.port, host: config.server.host }, "worker metrics listening at /metrics");
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "refresh worker stopping");
    setTimeout(() => {
      logger.error({ deadlineMs: STOP_DEADLINE_MS }, "stop did not finish in time; exiting");
      process.exit(1);
    }, STOP_DEADLINE_MS).unref();
    // Every job gives back the work it claimed and has not started (due again at once, for another
    // worker), after letting the work under way finish for a few seconds.
    await Promise.all([...jobs.map((job) => job.stop()), metricsServer?.close()]);
    // Notifications being sent go out before the connections close (the others stay queued).
    await root.push.notifier.settled();
    await root.feedReaders.close();
    root.network.close();
    await database.close();
    logger.info({ signal }, "refresh worker stopped");
    process.exit(0);
  };
  process.on("SIGINT", () => void stop("SIGINT"));
  process.on("SIGTERM", () => void stop("SIGTERM"));
}

await main();
