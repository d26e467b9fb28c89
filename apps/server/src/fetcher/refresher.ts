import { availableParallelism } from "node:os";
import type { FeedsRepo } from "../features/feeds/index.ts";
import { Semaphore } from "../lib/semaphore.ts";
import type { Platform } from "../platform.ts";
import type { TimelineRepo } from "../timeline/timeline.repo.ts";
import { createFeedClient } from "./feed-client.ts";
import { createFeedReaders, type FeedReaders } from "./feed-readers.ts";
import type { IngestActions } from "../ports.ts";
import { refreshFeed, type RefreshOutcome } from "./refresh-feed.ts";
import type { RsshubRouter } from "../features/rsshub/index.ts";
import type { FetchConfig } from "./fetch.config.ts";
import { createScheduler, type Scheduler } from "./scheduler.ts";
import { createSiteIcons } from "./site-icon.ts";

/** The feed engine's parts over one database: what the server, the worker and the CLI share. */
export interface Refresher {
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
export interface RefresherPorts {
  /** Feeds are fetched under the platform's private-network policy. */
  platform: Pick<Platform, "db" | "ids" | "clock" | "logger" | "network">;
  config: FetchConfig & { siteIcons: boolean };
  /** The feeds table (the feeds feature's), and the timelines new entries are delivered to. */
  feeds: FeedsRepo;
  timeline: TimelineRepo;
  /** Fetches `rsshub://` routes through the instances the feed's readers chose. */
  rsshub: RsshubRouter;
  /** Readers' rules and push notifications, run on new entries. */
  actions?: IngestActions;
  /** Told of each refresh as it ends: what it ended in, and how long it took (metrics). */
  onRefresh?: (outcome: RefreshKind, ms: number) => void;
  /** Told when a refresh has stored entries (new or rewritten): their search documents are due. */
  onStored?: () => void;
}

/** What a refresh ended in, in a word: `error_*` name what failed; `error_crash`, a refresh that threw. */
export type RefreshKind = "ok" | "not_modified" | "error_fetch" | "error_http" | "error_parse" | "error_crash";

/**
 * The word for an outcome. A failure's message says what failed: an HTTP status (describeStatus:
 * "(HTTP 404)", "Unexpected HTTP status 302"), a document that is no feed (readFeed: "The feed
 * could not be read: …"); anything else is the fetch itself (describeFetchError).
 */
export function refreshKind(outcome: RefreshOutcome): RefreshKind {
  if (outcome.status === "updated") return "ok";
  if (outcome.status === "not-modified") return "not_modified";
  if (/\bHTTP (status )?\d{3}\b/.test(outcome.message)) return "error_http";
  if (outcome.message.startsWith("The feed could not be read")) return "error_parse";
  return "error_fetch";
}

export function createRefresher(ports: RefresherPorts): Refresher {
  const { db, ids, clock, network } = ports.platform;
  const { config, actions, rsshub, timeline } = ports;
  const feedsRepo = ports.feeds;
  const feedClient = createFeedClient({ network, followedByAdmin: (feedId) => feedsRepo.followedByAdmin(feedId) });
  const logger = ports.platform.logger.child({ module: "fetcher" });
  const processing = new Semaphore(processingSlots(config.concurrency));
  const readers = createFeedReaders({ threads: config.readThreads, logger });
  const siteIcons = config.siteIcons ? createSiteIcons({ feeds: feedsRepo, clock, logger }) : undefined;
  const involved = new Set<string>();
  const refreshOnce: Refresher["refresh"] = (feed, options) =>
    refreshFeed({ db, feeds: feedsRepo, timeline, feedClient, ids, clock, logger, rsshub, readers, processing, actions, siteIcons, involved, onStored: ports.onStored }, feed, options);
  const { onRefresh } = ports;
  const refresh: Refresher["refresh"] = !onRefresh
    ? refreshOnce
    : async (feed, options) => {
        const started = performance.now();
        let kind: RefreshKind = "error_crash";
        try {
          const outcome = await refreshOnce(feed, options);
          kind = refreshKind(outcome);
          return outcome;
        } finally {
          onRefresh(kind, performance.now() - started);
        }
      };
  const scheduler = createScheduler({
    feeds: feedsRepo,
    clock,
    logger,
    rsshubUrl: config.rsshubUrl,
    refresh: (feed, fetched) => refresh(feed, { onFetched: fetched }),
    concurrency: config.concurrency,
    perHost: config.perHost,
    leaseMs: config.leaseMs,
  });
  return { refresh, scheduler, readers };
}
