import { Hono } from "hono";
import { isRsshubUrl } from "../rsshub/index.ts";
import { normalizeFeedUrl } from "../../content/feed-url.ts";
import type { AppEnv } from "../../http/context.ts";
import { assertReachable, refusalError } from "../../lib/http/index.ts";
import type { Platform } from "../../platform.ts";
import type { FeatureModule } from "../module.ts";
import { createFeedClaimRepo } from "./feed-claim.repo.ts";
import { createFeedClaimService } from "./feed-claim.service.ts";
import { createFeedInfoRepo } from "./feed-info.repo.ts";
import { feedInfoRoutes } from "./feed-info.routes.ts";
import { createFeedInfoService } from "./feed-info.service.ts";
import { createFeedsRepo } from "./feeds.repo.ts";
import { adminRefreshRoutes, feedRoutes } from "./feeds.routes.ts";
import { createFeedsService, type FeedsServiceDeps } from "./feeds.service.ts";

export interface FeedsPorts {
  platform: Platform;
  /** RSSHUB_URL: claims of `rsshub://` feeds read them from the server's default instance. */
  rsshubUrl: string;
  /** The feeds behind a URL (discovery, through the reader's client of the private-network policy). */
  discover: FeedsServiceDeps["discover"];
  /** Refreshes one feed now (the feed engine). */
  refresh: FeedsServiceDeps["refresh"];
  /** Tells the refresh scheduler there is new work. */
  wakeScheduler: () => void;
  /** POWER's running boosts of feeds; absent without POWER. */
  boostLevels?: (feedIds: string[]) => Promise<Map<string, { level: number; boostCount: number }>>;
  /** POWER tips waiting in feeds' accounts; absent without POWER. */
  tipsWaiting?: (feedIds: string[]) => Promise<Map<string, bigint>>;
}

/**
 * Feeds: the store of feeds (which the feed engine refreshes), a feed by URL for the reader about
 * to follow it, a feed's page (`GET /feeds`), claims (`/feeds/claim…`) and the admin's refresh
 * (`/feeds/refresh`, `/admin/refresh`).
 */
export function createFeedsModule(ports: FeedsPorts) {
  const { platform } = ports;
  const { db, clock, ids, network, secret } = platform;
  const repo = createFeedsRepo(db);
  const feeds = createFeedsService({
    repo,
    clock,
    ids,
    refresh: ports.refresh,
    wakeScheduler: ports.wakeScheduler,
    normalizeUrl: normalizeFeedUrl,
    checkAddress: async (url, forUserId) => assertReachable(network, url, forUserId ? await network.standing(forUserId) : null),
    discover: ports.discover,
  });
  const findFeed = (feedId: string) => repo.findById(feedId);
  const info = createFeedInfoService({
    repo: createFeedInfoRepo(db),
    findFeed,
    resolveFeed: (url, userId) => feeds.resolveFeed(url, userId),
    ...(ports.boostLevels ? { boosts: ports.boostLevels } : {}),
  });
  const claims = createFeedClaimService({
    repo: createFeedClaimRepo(db),
    findFeed,
    // An rsshub:// route is read from the default instance, the administrator's configuration.
    clientFor: (user, feedUrl) => (isRsshubUrl(feedUrl) ? network.privateHttp : network.clientFor(user)),
    refused: (error, user) => refusalError(error, { policy: network, who: user }),
    rsshubUrl: ports.rsshubUrl,
    ...(ports.tipsWaiting ? { tipsWaiting: ports.tipsWaiting } : {}),
    secret,
    clock,
  });
  return {
    feeds,
    /** The feeds table's queries: what the feed engine reads and writes. */
    repo,
    routes: ({ requireUser }) =>
      new Hono<AppEnv>()
        .route("/feeds", feedRoutes({ feeds, requireUser }))
        .route("/admin/refresh", adminRefreshRoutes({ feeds, requireUser }))
        .route("/", feedInfoRoutes({ info, claims, requireUser })),
  } satisfies FeatureModule & Record<string, unknown>;
}

export type FeedsModule = ReturnType<typeof createFeedsModule>;
