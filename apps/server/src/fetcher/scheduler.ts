import type { FeedRow, FeedsRepo } from "../features/feeds/index.ts";
import type { Clock } from "../lib/clock.ts";
import type { Logger } from "../lib/logger.ts";
import { resolveFetchUrl } from "../content/feed-url.ts";
import { DroppedTask, HostLimiter } from "./host-limiter.ts";
import type { RefreshOutcome } from "./refresh-feed.ts";

export interface SchedulerOptions {
  feeds: FeedsRepo;
  clock: Clock;
  logger: Logger;
  rsshubUrl: string;
  /** Refreshes one feed (refreshFeed bound to its dependencies). */
  refresh: (feed: FeedRow) => Promise<RefreshOutcome>;
  /** Feeds fetched at once by this process. */
  concurrency: number;
  /** Feeds of one host fetched at once by this process. */
  perHost: number;
  /**
   * How long a claimed feed stays reserved for this worker; renewed every third of it while the
   * worker holds the feed, so a worker that dies (kill -9, a lost machine) keeps its feeds from
   * other workers for one lease at most.
   */
  leaseMs?: number;
  /** The longest sleep between two looks at the queue. */
  pollMs?: number;
  /** How long stop() lets the refreshes under way finish before it gives their feeds back. */
  stopGraceMs?: number;
}

export interface Scheduler {
  start(): void;
  /**
   * Stops claiming and gives back the feeds claimed but not started (due again at once, for
   * another process); lets the refreshes under way finish for up to `stopGraceMs`, then gives
   * back the feeds of those still running too. Resolves when no feed is held any more.
   */
  stop(): Promise<void>;
  /** Wakes the loop now (a feed was added or marked due). */
  wake(): void;
  /** Claims and refreshes every due feed until none is left; for tests, benchmarks and the CLI. */
  drain(): Promise<{ refreshed: number; failed: number; notModified: number }>;
}

const hostOf = (url: string) => {
  try {
    return new URL(url).hostname;
  } catch {
    return url;
  }
};

/**
 * The refresh loop, with the database as the queue: it claims due feeds in batches (several
 * processes on one PostgreSQL claim disjoint batches), refreshes them under the concurrency and
 * per-host limits, and sleeps until the next feed is due or it is woken.
 */
export function createScheduler(options: SchedulerOptions): Scheduler {
  const { feeds, clock, logger } = options;
  const leaseMs = options.leaseMs ?? 2 * 60 * 1000;
  const pollMs = options.pollMs ?? 30_000;
  const stopGraceMs = options.stopGraceMs ?? 10_000;
  const limiter = new HostLimiter({ concurrency: options.concurrency, perHost: options.perHost });
  const batchSize = Math.max(options.concurrency * 2, 10);
  let running = false;
  let loop: Promise<void> | null = null;
  const counts = { refreshed: 0, failed: 0, notModified: 0 };
  const inFlight = new Set<Promise<void>>();
  /** The feeds this process has claimed and not yet refreshed: id -> the lease they were claimed with. */
  const held = new Map<string, Date>();

  const refreshOne = (feed: FeedRow) => {
    const done: Promise<void> = limiter
      .run(hostOf(resolveFetchUrl(feed.url, options.rsshubUrl)), () => options.refresh(feed))
      .then((outcome) => {
        held.delete(feed.id);
        if (outcome.status === "failed") counts.failed++;
        else if (outcome.status === "not-modified") counts.notModified++;
        else counts.refreshed++;
      })
      .catch((error: unknown) => {
        // Never started: stop() gives its claim back.
        if (error instanceof DroppedTask) return;
        held.delete(feed.id);
        counts.failed++;
        logger.error({ err: error, feedId: feed.id }, "feed refresh crashed");
      })
      .finally(() => inFlight.delete(done));
    inFlight.add(done);
  };

  /** Claims what fits in the limiter; returns how many feeds were claimed. */
  async function claimBatch(): Promise<number> {
    // Claim in batches, not one feed per freed slot: one query per batch keeps the queue cheap.
    const room = batchSize - limiter.size;
    if (room < options.concurrency) return 0;
    const now = clock.now();
    const leaseUntil = new Date(now.getTime() + leaseMs);
    const claimed = await feeds.claimDue(now, room, leaseUntil);
    for (const feed of claimed) held.set(feed.id, leaseUntil);
    if (claimed.length) keepRenewing();
    for (const feed of claimed) refreshOne(feed);
    return claimed.length;
  }

  let renewTimer: NodeJS.Timeout | null = null;
  let renewing: Promise<void> = Promise.resolve();

  /** Renews the leases of the feeds held, every third of a lease, while any are held. */
  function keepRenewing() {
    if (renewTimer) return;
    renewTimer = setInterval(() => {
      if (held.size === 0) return stopRenewing();
      renewing = renewing.then(renewHeld);
    }, Math.max(50, Math.floor(leaseMs / 3)));
    renewTimer.unref();
  }

  function stopRenewing() {
    if (renewTimer) clearInterval(renewTimer);
    renewTimer = null;
  }

  async function renewHeld() {
    const claims = [...held].map(([id, heldUntil]) => ({ id, leaseUntil: heldUntil }));
    if (claims.length === 0) return;
    const leaseUntil = new Date(clock.now().getTime() + leaseMs);
    try {
      const renewed = await feeds.renewClaims(claims, leaseUntil);
      // Only feeds still held: one whose refresh ended meanwhile is not held any more.
      for (const id of renewed) if (held.has(id)) held.set(id, leaseUntil);
    } catch (error) {
      logger.warn({ err: error, feeds: claims.length }, "could not renew the leases of claimed feeds; retrying");
    }
  }

  /** Sleeps in progress; waking resolves them all (several overlap when a sleep races idle()). */
  const sleepers = new Set<() => void>();

  /** Waits `ms`, or less when woken; never while stopping (stop() may have come during a query). */
  function sleep(ms: number): Promise<void> {
    if (!running) return Promise.resolve();
    return new Promise<void>((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        sleepers.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      sleepers.add(wake);
    });
  }

  const wakeAll = () => {
    for (const wake of [...sleepers]) wake();
  };

  async function run() {
    while (running) {
      try {
        const claimed = await claimBatch();
        if (claimed > 0 || limiter.size >= batchSize) {
          await Promise.race([limiter.idle(), sleep(250)]);
          continue;
        }
        const next = await feeds.nextDueAt();
        const wait = next ? Math.max(0, next.getTime() - clock.now().getTime()) : pollMs;
        await sleep(Math.min(Math.max(wait, 50), pollMs));
      } catch (error) {
        logger.error({ err: error }, "scheduler loop failed; retrying");
        await sleep(5000);
      }
    }
  }

  /** Gives back every feed still held: due now, unless its refresh has moved its next check since. */
  async function releaseHeld() {
    stopRenewing();
    await renewing;
    const claims = [...held].map(([id, leaseUntil]) => ({ id, leaseUntil }));
    held.clear();
    if (claims.length === 0) return;
    try {
      const released = await feeds.releaseClaims(claims, clock.now());
      if (released) logger.info({ released }, "claimed feeds given back");
    } catch (error) {
      logger.warn({ err: error, feeds: claims.length }, "could not give back claimed feeds; they come back when their lease ends");
    }
  }

  return {
    start() {
      if (running) return;
      running = true;
      loop = run();
    },
    async stop() {
      running = false;
      wakeAll();
      await loop;
      limiter.dropWaiting();
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([limiter.idle(), new Promise<void>((resolve) => (timer = setTimeout(resolve, stopGraceMs)))]);
      clearTimeout(timer);
      await releaseHeld();
    },
    wake() {
      wakeAll();
    },
    async drain() {
      const before = { ...counts };
      while ((await claimBatch()) > 0 || inFlight.size > 0) {
        if (inFlight.size > 0) await Promise.race(inFlight);
      }
      return {
        refreshed: counts.refreshed - before.refreshed,
        failed: counts.failed - before.failed,
        notModified: counts.notModified - before.notModified,
      };
    },
  };
}
