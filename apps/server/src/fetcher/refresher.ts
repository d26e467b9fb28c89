import { availableParallelism } from "node:os";
import type { IdGenerator } from "@tidings/contracts";
import type { Database } from "../db/client.ts";
import type { Config } from "../env.ts";
import { createFeedsRepo, type FeedsRepo } from "../features/feeds/feeds.repo.ts";
import type { Clock } from "../lib/clock.ts";
import type { NetworkPolicy } from "../lib/http/network-policy.ts";
import type { Logger } from "../lib/logger.ts";
import { Semaphore } from "../lib/semaphore.ts";
import { createTimelineRepo, type TimelineRepo } from "../timeline/timeline.repo.ts";
import { createFeedClient } from "./feed-client.ts";
import { createFeedReaders, type FeedReaders } from "./feed-readers.ts";
import { type IngestActions, refreshFeed } from "./refresh-feed.ts";
import type { RsshubRouter } from "../features/rsshub/rsshub-routing.ts";
import { createScheduler, type Scheduler } from "./scheduler.ts";
import { createSiteIcons } from "./site-icon.ts";

/** The feed engine's parts over one database: what the server, the worker and the CLI share. */
export interface Refresher {
  feedsRepo: FeedsRepo;
  timeline: TimelineRepo;
  /** Refreshes one feed now (`forUserId`: a reader about to follow it, whose RSSHub instance comes first). */
  refresh: (feed: Parameters<typeof refreshFeed>[1], options?: Parameters<typeof refreshFeed>[2]) => ReturnType<typeof refreshFeed>;
  scheduler: Scheduler;
  /** The threads reading fetched documents: closed when the process is done refreshing. */
  readers: FeedReaders;
}

/**
 * How many fetched feeds are processed (decoded, parsed, stored) at once: two per processor, so
 * the database works on one feed's statements while this process prepares another's, and never
 * more than are fetched at once.
 */
export function processingSlots(concurrency: number): number {
  return Math.max(1, Math.min(concurrency, 2 * availableParallelism()));
}

/**
 * Builds the refresh engine. It needs no accounts, sessions or web app, so a refresh worker or a
 * one-shot CLI refresh starts without loading them.
 */
export function createRefresher(input: {
  config: Config;
  logger: Logger;
  db: Database;
  ids: IdGenerator;
  clock: Clock;
  /** The private-network policy: feeds are fetched under it. */
  network: NetworkPolicy;
  rsshub: RsshubRouter;
  actions?: IngestActions;
}): Refresher {
  const { config, db, ids, clock, network, actions, rsshub } = input;
  const feedsRepo = createFeedsRepo(db);
  const feedClient = createFeedClient({ network, followedByAdmin: (feedId) => feedsRepo.followedByAdmin(feedId) });
  const timeline = createTimelineRepo(db);
  const logger = input.logger.child({ module: "fetcher" });
  const processing = new Semaphore(processingSlots(config.fetch.concurrency));
  const readers = createFeedReaders({ threads: config.fetch.readThreads, logger });
  const siteIcons = config.images.siteIcons ? createSiteIcons({ feeds: feedsRepo, clock, logger }) : undefined;
  const refresh: Refresher["refresh"] = (feed, options) =>
    refreshFeed({ db, feeds: feedsRepo, timeline, feedClient, ids, clock, logger, rsshub, readers, processing, actions, siteIcons }, feed, options);
  const scheduler = createScheduler({
    feeds: feedsRepo,
    clock,
    logger,
    rsshubUrl: config.fetch.rsshubUrl,
    refresh: (feed) => refresh(feed),
    concurrency: config.fetch.concurrency,
    perHost: config.fetch.perHost,
  });
  return { feedsRepo, timeline, refresh, scheduler, readers };
}
