import type { Database } from "../../db/client.ts";
import { createJobRunner } from "../../db/job-queue.ts";
import type { RetrySchedule } from "../../lib/claim-loop.ts";
import type { Clock } from "../../lib/clock.ts";
import type { Logger } from "../../lib/logger.ts";
import { type DailyReports, type ScheduledReport, scheduledReportKey } from "./ai-daily.ts";

/** How often the readers whose report is due are looked for (after 8 AM and 8 PM in each zone): once per slot across processes. */
const SCAN_EVERY_MS = 10 * 60 * 1000;
/** A report that failed (the provider is down) is tried again after 2, 8 and 32 minutes, then given up until the next window. */
export const DAILY_REPORT_RETRY: RetrySchedule = { attempts: 4, firstMs: 2 * 60_000, factor: 4, maxMs: 60 * 60_000, jitter: 0.2 };
const SCAN_RETRY: RetrySchedule = { attempts: 3, firstMs: 30_000, factor: 2, maxMs: 5 * 60_000, jitter: 0.2 };

/**
 * The daily reports' scheduling, safe with any number of processes: a periodic scan (one per
 * 10-minute slot across processes) queues each due report as a job named by reader, view and window
 * (a second enqueue is a no-op), and the job is made once, by whichever process claims it. A
 * report the reader asked for meanwhile is not made again.
 */
export function createDailyScheduler(deps: { db: Database; clock: Clock; logger: Logger; reports: Pick<DailyReports, "dueReports" | "makeScheduled"> }) {
  const { db, clock, logger, reports } = deps;
  let made = 0;
  const makeReports = createJobRunner<ScheduledReport>({
    db,
    kind: "ai-daily",
    run: async (job) => {
      if (await reports.makeScheduled(job)) made++;
    },
    retry: DAILY_REPORT_RETRY,
    concurrency: 2,
    pollMs: 60_000,
    logger,
    clock,
  });

  /** Queues the due reports; answers how many were new. */
  async function queueDue(): Promise<number> {
    const due = await reports.dueReports();
    const queued = await makeReports.enqueue(
      db,
      due.map((report) => ({ payload: report, dedupeKey: scheduledReportKey(report) })),
      clock.now(),
    );
    if (queued > 0) makeReports.wake();
    return queued;
  }

  const scan = createJobRunner<unknown>({ db, kind: "ai-daily-scan", everyMs: SCAN_EVERY_MS, run: async () => void (await queueDue()), retry: SCAN_RETRY, logger, clock });

  return {
    start(): void {
      scan.start();
      makeReports.start();
    },
    async stop(): Promise<void> {
      await Promise.all([scan.stop(), makeReports.stop()]);
    },
    /** Queues the due reports and makes them now, in this process; answers how many it made (tests). */
    async runScheduled(): Promise<number> {
      const before = made;
      await queueDue();
      await makeReports.drain();
      return made - before;
    },
  };
}
