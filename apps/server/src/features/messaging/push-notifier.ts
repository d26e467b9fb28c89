import type { Database, Executor } from "../../db/client.ts";
import { createJobRunner } from "../../db/job-queue.ts";
import type { RetrySchedule } from "../../lib/claim-loop.ts";
import type { Clock } from "../../lib/clock.ts";
import type { Logger } from "../../lib/logger.ts";
import { ANY_DEVICE, type MessagingRepo, type PushEntryRow } from "./messaging.repo.ts";
import type { PushDelivery } from "./push-delivery.ts";
import { entriesForDevice, messagesFor } from "./push-messages.ts";

/** One ingestion's notifications, as queued: its entries with when they were delivered, and per reader those their rules asked to announce. */
export interface PushJob {
  entries: [entryId: string, at: string | null][];
  ruled: Record<string, string[]>;
}

/** The notifications of one ingestion are tried again after 5 s, 20 s, 80 s, 5 min (the database was out of reach), then given up. */
export const PUSH_RETRY: RetrySchedule = { attempts: 5, firstMs: 5_000, factor: 4, maxMs: 10 * 60_000, jitter: 0.2 };
/** Notifications older than this are news no more (a push service keeps a message a day): dropped unsent. */
const STALE_MS = 24 * 60 * 60 * 1000;
/** Ingestions whose notifications are sent at once by one process. */
const CONCURRENCY = 4;
/** Longest wait before notifications queued by another process (an API process ingesting mail) are seen. */
const POLL_MS = 5_000;

/**
 * Push notifications of new entries, as durable jobs (`jobs` table, kind `push`).
 *
 * What one ingestion asks for (its new entries, and its rules' "notify" results) is one job, queued
 * in the ingestion's transaction: committed with the entries or not at all, so a crash loses none.
 * Any process with the VAPID keys and its jobs running claims it (one process per job) and sends:
 * per device, each entry up to a few, else one summary. Rows are read when the job runs, after the
 * commit, so entries the reader's rules blocked (gone from their timeline) or silenced (not unread)
 * are never announced for a view. A push service's failure is the device's record, never the
 * ingestion's; a failure to read the rows retries the job (PUSH_RETRY). `delivery` null (a process
 * without VAPID keys) queues, and sends nothing.
 */
export function createPushNotifier(deps: { db: Database; repo: MessagingRepo; delivery: PushDelivery | null; clock: Clock; logger: Logger }) {
  const { repo, delivery, clock, logger } = deps;

  async function send(job: PushJob, createdAt: Date): Promise<void> {
    if (!delivery) throw new Error("no VAPID keys in this process");
    if (clock.now().getTime() - createdAt.getTime() > STALE_MS) {
      logger.info({ queuedAt: createdAt.toISOString() }, "push notifications older than a day dropped");
      return;
    }
    const rows = await repo.deliveredEntries(job.entries.map(([entryId, at]) => ({ entryId, at: at === null ? null : new Date(at) })));
    if (rows.length === 0) return;
    const byUser = new Map<string, PushEntryRow[]>();
    for (const row of rows) {
      const own = byUser.get(row.user_id);
      if (own) own.push(row);
      else byUser.set(row.user_id, [row]);
    }
    const devices = await repo.devicesOf([...byUser.keys()]);
    await Promise.all(
      devices.map(async (device) => {
        const chosen = entriesForDevice(byUser.get(device.userId) ?? [], device.views, new Set(job.ruled[device.userId] ?? []));
        for (const message of messagesFor(chosen)) {
          if ((await delivery.send(device, message)) === "removed") return;
        }
      }),
    );
  }

  const runner = createJobRunner<PushJob>({
    db: deps.db,
    kind: "push",
    run: (job, claimed) => send(job, claimed.createdAt),
    retry: PUSH_RETRY,
    concurrency: CONCURRENCY,
    pollMs: POLL_MS,
    keepDone: false,
    logger,
    clock,
  });

  return {
    /**
     * In the transaction of an ingestion that delivered `entryIds` at `at`: queues their
     * notifications, and those readers' rules asked for (`ruled`, whatever the view). Nothing is
     * queued while nobody has a device. Answers whether a job was queued.
     */
    async enqueue(executor: Executor, entryIds: readonly string[], at: Date, ruled: readonly { userId: string; entryId: string }[] = []): Promise<boolean> {
      if (entryIds.length === 0 && ruled.length === 0) return false;
      const entries = new Map<string, string | null>(entryIds.map((id) => [id, at.toISOString()]));
      const byReader: Record<string, string[]> = {};
      for (const { userId, entryId } of ruled) {
        if (!entries.has(entryId)) entries.set(entryId, null);
        (byReader[userId] ??= []).push(entryId);
      }
      const job: PushJob = { entries: [...entries], ruled: byReader };
      return (await runner.enqueue(executor, [{ payload: job }], at, { onlyIf: ANY_DEVICE })) > 0;
    },

    /** Whether anybody has a device, as an SQL condition: without, enqueue() queues nothing. */
    anyDevice: ANY_DEVICE,

    /** Notifications were queued by this process: send them now rather than at the next look. */
    wake(): void {
      runner.wake();
    },

    /** Sends every queued notification due now, in this process (tests, the CLI); answers how many jobs ran. */
    async drain(): Promise<number> {
      return delivery ? runner.drain() : 0;
    },

    /** Resolves once the notifications this process is sending are sent (what it has not started stays queued). */
    settled(): Promise<void> {
      return runner.idle();
    },

    /** The background job that sends them; none in a process without VAPID keys. */
    jobs: delivery ? [{ name: "push", start: () => runner.start(), stop: () => runner.stop() }] : [],
  };
}

export type PushNotifier = ReturnType<typeof createPushNotifier>;
