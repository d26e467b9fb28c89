import { Worker } from "node:worker_threads";
import type { JobsThreadData, JobsThreadMessage } from "./jobs-thread.ts";
import type { MetricsModule } from "./features/metrics/index.ts";
import type { Logger } from "./lib/logger.ts";

/** The background jobs' thread, as the server holds it. */
export interface JobsThread {
  /** Gives back what the jobs claimed and closes the thread (with their grace, see jobs-thread.ts). */
  stop(): Promise<void>;
}

/** A thread that ended by itself is started again after this long, doubled each time in a row, at most a minute. */
const FIRST_RESTART_MS = 1000;
const MAX_RESTART_MS = 60_000;
/** A thread that ran this long before ending is not counted as ending in a row. */
const STEADY_MS = 60_000;

/**
 * Runs the background jobs in a thread of this process (jobs-thread.ts), restarted when it ends by
 * itself (an exception no job caught, the database gone for good): what it claimed comes back to it
 * or to another process when its leases end. Refreshes it reports reach `onRefresh` (this
 * process's /metrics).
 */
export function startJobsThread(options: { data: JobsThreadData; logger: Logger; onRefresh: MetricsModule["onRefresh"] }): JobsThread {
  const { data, logger, onRefresh } = options;
  let worker: Worker;
  let stopping = false;
  let failures = 0;
  let restartTimer: NodeJS.Timeout | null = null;
  let stopped: Promise<void> | null = null;

  const start = () => {
    restartTimer = null;
    const startedAt = performance.now();
    worker = new Worker(new URL("./jobs-thread.ts", import.meta.url), { workerData: data, name: "jobs" });
    worker.on("message", (message: JobsThreadMessage) => {
      if (message.type === "refresh") onRefresh?.(message.outcome, message.ms);
      else if (message.type === "started") logger.info({ threadId: worker.threadId }, "background jobs started in a thread of their own");
    });
    worker.on("error", (error) => logger.error({ err: error }, "the background jobs' thread failed"));
    worker.on("exit", (code) => {
      if (stopping) return;
      failures = performance.now() - startedAt > STEADY_MS ? 1 : failures + 1;
      const delay = Math.min(MAX_RESTART_MS, FIRST_RESTART_MS * 2 ** (failures - 1));
      logger.error({ code, restartInMs: delay }, "the background jobs' thread ended; starting it again");
      restartTimer = setTimeout(start, delay);
      restartTimer.unref();
    });
  };
  start();

  return {
    stop() {
      stopped ??= new Promise<void>((resolve) => {
        stopping = true;
        if (restartTimer) {
          clearTimeout(restartTimer);
          resolve();
          return;
        }
        worker.once("exit", () => resolve());
        worker.on("message", (message: JobsThreadMessage) => {
          if (message.type === "stopped") void worker.terminate();
        });
        worker.postMessage("stop");
      });
      return stopped;
    },
  };
}
