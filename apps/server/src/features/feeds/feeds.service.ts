import { ErrorCode } from "@tidings/contracts";
import { AppError } from "../../errors.ts";
import type { RequestUser } from "../../http/context.ts";
import type { Clock } from "../../lib/clock.ts";
import type { IdGenerator } from "@tidings/contracts";
import type { FeedRow, FeedsRepo } from "./feeds.repo.ts";

/** What a refresh came to, as the admin endpoints report it. */
export type RefreshResult =
  | { status: "updated"; inserted: number; updated: number; unchanged: number }
  | { status: "not-modified" }
  | { status: "failed"; message: string };

/** A feed found for a URL, as discovery reports it. */
export interface DiscoveredFeed {
  url: string;
  title: string | null;
  siteUrl: string | null;
  description: string | null;
  image: string | null;
}

/** Why discovery failed; mapped to the API's feed error codes. */
export type DiscoveryFailure = "invalid-url" | "fetch-failed" | "no-feed" | "no-route";

export interface FeedsServiceDeps {
  repo: FeedsRepo;
  clock: Clock;
  ids: IdGenerator;
  /** A feed URL as stored (normalised), or null when it is no web or rsshub:// URL. */
  normalizeUrl: (url: string) => string | null;
  /** Throws the private-network policy's refusal (16000) when `forUserId` may not use this address. */
  checkAddress: (url: string, forUserId?: string) => Promise<void>;
  /**
   * The feeds behind a URL (an `rsshub://` route through `forUserId`'s instance); throws
   * `{ reason: DiscoveryFailure, message }` when there are none.
   */
  discover: (url: string, forUserId?: string) => Promise<DiscoveredFeed[]>;
  /** Refreshes one feed now (the fetcher's pipeline); `forUserId`: the reader about to follow it. */
  refresh: (feed: FeedRow, options?: { forUserId?: string; fresh?: boolean }) => Promise<RefreshResult>;
  /** Tells the scheduler there is new work. */
  wakeScheduler: () => void;
}

/** Feed administration: refresh on demand, mark feeds due and watch the queue. */
export function createFeedsService(deps: FeedsServiceDeps) {
  const { repo, clock } = deps;
  /**
   * The feed behind a URL: the one already known, else the first feed discovery finds there,
   * created and fetched at once so that its entries are there for the first reader (`forUserId`,
   * whose RSSHub instance an `rsshub://` route goes through).
   */
  async function resolveFeed(rawUrl: string, forUserId?: string): Promise<FeedRow> {
    const url = deps.normalizeUrl(rawUrl);
    if (!url) throw new AppError(ErrorCode.InvalidParameter, { reason: `Not a feed address: ${rawUrl}` });
    // Before anything, even for a feed already known: a reader who may not use private networks
    // neither makes the server fetch one nor reads what an administrator's LAN feed holds.
    await deps.checkAddress(url, forUserId);
    const known = await repo.findByUrl(url);
    if (known) return known;
    let found: DiscoveredFeed[];
    try {
      found = await deps.discover(url, forUserId);
    } catch (error) {
      if (error instanceof AppError) throw error;
      const failure = (error as { reason?: DiscoveryFailure }).reason;
      const reason = (error as Error).message;
      if (failure === "invalid-url") throw new AppError(ErrorCode.InvalidParameter, { reason });
      if (failure === "no-feed") throw new AppError(ErrorCode.FeedParseError, { reason });
      if (failure === "no-route") throw new AppError(ErrorCode.RSSHubRouteNotFound, { reason });
      throw new AppError(ErrorCode.FeedFetchError, { reason });
    }
    const first = found[0];
    if (!first) throw new AppError(ErrorCode.FeedNotFound, { reason: `No feed at ${url}` });
    const existing = await repo.findByUrl(first.url);
    if (existing) return existing;
    const feed = await repo.insertOrGet({
      id: deps.ids.next(),
      url: first.url,
      title: first.title,
      siteUrl: first.siteUrl,
      description: first.description,
      image: first.image,
    });
    if (!feed.checkedAt) await deps.refresh(feed, forUserId ? { forUserId } : {});
    return (await repo.findById(feed.id)) ?? feed;
  }

  return {
    resolveFeed,

    async findById(feedId: string): Promise<FeedRow> {
      const feed = await repo.findById(feedId);
      if (!feed) throw new AppError(ErrorCode.FeedNotFound);
      return feed;
    },

    recountSubscribers: (feedId: string) => repo.recountSubscribers(feedId),

    /** `GET /feeds/refresh?id=`: refreshes one feed now; admins only (code 2000). */
    async refreshNow(user: RequestUser, feedId: string) {
      if (!user.isAdmin) throw new AppError(ErrorCode.OnlyAdminsRefreshFeeds);
      const feed = await repo.findById(feedId);
      if (!feed) throw new AppError(ErrorCode.FeedNotFound);
      const result = await deps.refresh(feed, { fresh: true });
      const after = await repo.findById(feedId);
      return { result, feed: after ?? feed };
    },

    /** Marks every read feed (or the given ones) due now; the scheduler picks them up at once. */
    async markDue(user: RequestUser, feedIds?: string[]) {
      if (!user.isAdmin) throw new AppError(ErrorCode.NoPermission, { reason: "Only admins can refresh feeds" });
      const marked = await repo.markDue(clock.now(), feedIds);
      deps.wakeScheduler();
      return { marked };
    },

    /** How many feeds are waiting to be fetched. */
    async queue(user: RequestUser) {
      if (!user.isAdmin) throw new AppError(ErrorCode.NoPermission, { reason: "Only admins can see the refresh queue" });
      const now = clock.now();
      return { due: await repo.countDue(now), nextCheckAt: (await repo.nextDueAt())?.toISOString() ?? null };
    },
  };
}

export type FeedsService = ReturnType<typeof createFeedsService>;
