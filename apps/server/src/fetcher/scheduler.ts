import type { FeedRow, FeedsRepo } from "../features/feeds/index.ts";
import type { Clock } from "../lib/clock.ts";
import { createClaimLoop } from "../lib/claim-loop.ts";
import type { Logger } from "../lib/logger.ts";
import { resolveFetchUrl } from "../content/feed-url.ts";
import { DroppedTask, HostLimiter } from "./host-limiter.ts";
import type { RefreshOutcome } from "./refresh-feed.ts";

export interface SchedulerOptions {
  feeds: FeedsRepo;
  clock: Clock;
  logger: Logger;
  rsshubUrl: string;
  /**
   * Refreshes one feed (refreshFeed bound to its dependencies), calling `fetched` once the feed's
   * host has answered: its per-host place goes to the next feed of the host then, not after the
   * answer is parsed and stored (hosts are spared requests at once, not our processing).
   */
  refresh: (feed: FeedRow, fetched: () => void) => Promise<RefreshOutcome>;
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
 * The refresh loop, with the database as the queue, on the claim loop every background loop
 * shares (lib/claim-loop.ts): it claims due feeds in batches under a lease (several processes on
 * one PostgreSQL claim disjoint batches), renews the leases while it holds the feeds, refreshes
 * them under the concurrency and per-host limits (the host limiter), sleeps until the next feed is
 * due or it is woken, and backs off like the other loops when claiming fails. What a failed feed
 * means (when to try it again) is its refresh's business (schedule-policy.ts).
 */
export function createScheduler(options: SchedulerOptions): Scheduler {
  const { feeds, clock, logger } = options;
  const leaseMs = options.leaseMs ?? 2 * 60 * 1000;
  const limiter = new HostLimiter({ concurrency: options.concurrency, perHost: options.perHost });
  // Claimed per query: twice what runs at once, so the next feeds are at hand when one ends.
  const batchSize = Math.max(options.concurrency * 2, 10);
  const counts = { refreshed: 0, failed: 0, notModified: 0 };
  /** The feeds this process has claimed and not yet refreshed: id -> the lease they were claimed with. */
  const held = new Map<string, Date>();
  let renewing: Promise<void> = Promise.resolve();

  async function renewHeld() {
    const claims = [...held].map(([id, heldUntil]) => ({ id, leaseUntil: heldUntil }));
    if (claims.length === 0) return;
    const leaseUntil = new Date(clock.now().getTime() + leaseMs);
    const renewed = await feeds.renewClaims(claims, leaseUntil);
    // Only feeds still held: one whose refresh ended meanwhile is not held any more.
    for (const id of renewed) if (held.has(id)) held.set(id, leaseUntil);
  }

  const loop = createClaimLoop<FeedRow>({
    name: "feeds",
    async claim(limit) {
      const now = clock.now();
      const leaseUntil = new Date(now.getTime() + leaseMs);
      const claimed = await feeds.claimDue(now, limit, leaseUntil);
      for (const feed of claimed) held.set(feed.id, leaseUntil);
      return claimed;
    },
    async run(feed) {
      try {
        const outcome = await limiter.run(hostOf(resolveFetchUrl(feed.url, options.rsshubUrl)), (fetched) => options.refresh(feed, fetched));
        held.delete(feed.id);
        if (outcome.status === "failed") counts.failed++;
        else if (outcome.status === "not-modified") counts.notModified++;
        else counts.refreshed++;
      } catch (error) {
        // Never started (stop() dropped it): still held, given back by stop().
        if (error instanceof DroppedTask) return;
        held.delete(feed.id);
        counts.failed++;
        logger.error({ err: error, feedId: feed.id }, "feed refresh crashed");
      }
    },
    renew() {
      // One renewal at a time; stop() waits for the last before it gives the feeds back.
      renewing = renewing.catch(() => {}).then(renewHeld);
      return renewing;
    },
    renewEveryMs: Math.max(50, Math.floor(leaseMs / 3)),
    nextDueAt: () => feeds.nextDueAt(),
    // Every claimed feed goes to the host limiter at once: it runs `concurrency` of them.
    concurrency: batchSize,
    batch: batchSize,
    pollMs: options.pollMs ?? 30_000,
    stopGraceMs: options.stopGraceMs ?? 10_000,
    logger,
    clock,
  });

  /** Gives back every feed still held: due now, unless its refresh has moved its next check since. */
  async function releaseHeld() {
    await renewing.catch(() => {});
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
      loop.start();
    },
    async stop() {
      // Claim no more, and drop the feeds waiting for a place in the limiter (still held: given
      // back below); the loop lets the refreshes under way finish for up to its grace.
      const stopped = loop.stop();
      limiter.dropWaiting();
      await stopped;
      await releaseHeld();
    },
    wake() {
      loop.wake();
    },
    async drain() {
      const before = { ...counts };
      await loop.drain();
      return {
        refreshed: counts.refreshed - before.refreshed,
        failed: counts.failed - before.failed,
        notModified: counts.notModified - before.notModified,
      };
    },
  };
}
