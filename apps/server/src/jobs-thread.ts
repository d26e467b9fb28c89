// The background jobs of `npm start` (the refresh, webhooks, push notifications, search
// re-indexing…), in a thread of their own (jobs-thread-host.ts starts it): a composition root of
// their own on a pool of their own, so that a refresh's storing and its garbage never hold up the
// event loop that answers readers. Its loops are woken as if they
// ran in the server's thread (lib/claim-loop.ts). The message it takes: "stop"; the ones it
// sends: "started", each refresh (for the metrics), and "stopped" once all is given back and closed.
import { parentPort, workerData } from "node:worker_threads";
import type { MetricsModule } from "./features/metrics/index.ts";
import type { VapidKeys } from "./lib/push/vapid-keys.ts";
import { installFastResolve } from "./lib/fast-resolve.ts";

/** What the server hands the thread (workerData). */
export interface JobsThreadData {
  /** The database: the embedded PostgreSQL's address, or DATABASE_URL's. */
  databaseUrl: string;
  /** The embedded database's server processes may be reniced (the process runs them). */
  embedded: boolean;
  authSecret: string;
  vapidKeys: VapidKeys | null;
}

export type JobsThreadMessage =
  | { type: "started" }
  | { type: "refresh"; outcome: Parameters<NonNullable<MetricsModule["onRefresh"]>>[0]; ms: number }
  | { type: "stopped" };

/** The thread's connections: as many as feeds it stores at once on a small machine (FETCH_CONCURRENCY reads in between). */
const POOL_SIZE = 4;
/** How long after the jobs start the start-up garbage is collected. */
const STARTUP_SETTLE_MS = 2000;

installFastResolve();
// This thread keeps the process's priority: it feeds the reading threads and stores what they
// read, and lowered it slowed the refresh more than it spared readers (bench:load --refresh). Below the readers run the threads that read documents
// (read-worker.ts) and this thread's database connections (`background`).
const [{ openDatabase }, { createRoot }, { loadConfig }, { createLogger }, { releaseStartupMemory }] = await Promise.all([
  import("./db/client.ts"),
  import("./root.ts"),
  import("./env.ts"),
  import("./lib/logger.ts"),
  import("./lib/startup-memory.ts"),
]);

const data = workerData as JobsThreadData;
const port = parentPort!;
const send = (message: JobsThreadMessage) => port.postMessage(message);
// The server read this configuration already: it is valid.
const config = loadConfig(process.env);
const logger = createLogger({ level: config.logLevel }).child({ role: "jobs" });
const database = await openDatabase({ kind: "postgres", url: data.databaseUrl, maxConnections: POOL_SIZE, background: data.embedded });
const root = createRoot({
  config,
  logger,
  database: { ...database, driver: data.embedded ? "embedded" : "postgres" },
  authSecret: data.authSecret,
  vapidKeys: data.vapidKeys,
  onRefresh: (outcome, ms) => send({ type: "refresh", outcome, ms }),
});
for (const job of root.jobs) job.start();
// What loading and starting left behind goes once the jobs have made their first claims.
setTimeout(releaseStartupMemory, STARTUP_SETTLE_MS).unref();

port.on("message", (message: "stop") => {
  if (message === "stop") void stop();
});
send({ type: "started" });

let stopping = false;
/** Every job gives back the work it claimed and has not started; notifications under way go out; then everything closes. */
async function stop() {
  if (stopping) return;
  stopping = true;
  await Promise.all(root.jobs.map((job) => job.stop()));
  await root.push.notifier.settled();
  await root.feedReaders.close();
  root.network.close();
  await root.rateCounter.close();
  await database.close();
  send({ type: "stopped" });
  port.close();
}
