import { ErrorCode, type Entry, type FeedAnalytics, type FeedSummary, type FeedView } from "@tidings/contracts";
import { AppError } from "../../errors.ts";
import type { RequestUser } from "../../http/context.ts";
import { presentEntry } from "../entries/index.ts";
import type { FeedRow } from "./feeds.repo.ts";
import { presentAnalytics, presentFeed } from "./feed.presenter.ts";
import type { FeedInfoRepo } from "./feed-info.repo.ts";

/** Entries GET /feeds shows: a taste of the feed, not a timeline. */
export const FEED_INFO_ENTRIES = 10;

/** GET /feeds (facts §2.3). */
export interface FeedInfo {
  feed: FeedSummary;
  analytics: FeedAnalytics;
  entries: Entry[];
  readCount: number;
  subscriptionCount: number;
  /** The caller's subscription; absent when the caller does not follow the feed. */
  subscription?: { feedId: string; userId: string; view: FeedView; category: string | null; title: string | null; isPrivate: boolean; createdAt: string };
}

export interface FeedInfoDeps {
  repo: FeedInfoRepo;
  /** The feed with that id, or null. */
  findFeed: (feedId: string) => Promise<FeedRow | null>;
  /** Finds or creates (and fetches) the feed behind a URL; throws AppError 1002, 2001-2004. */
  resolveFeed: (url: string, forUserId: string) => Promise<FeedRow>;
  /** Running POWER boosts of feeds; absent without POWER. */
  boosts?: (feedIds: string[]) => Promise<Map<string, { level: number; boostCount: number }>>;
}

/** A feed's public page: the feed, its numbers, its newest entries and the caller's subscription. */
export function createFeedInfoService(deps: FeedInfoDeps) {
  const { repo } = deps;
  return {
    async get(user: RequestUser, query: { id?: string | undefined; url?: string | undefined }): Promise<FeedInfo> {
      let feed: FeedRow | null;
      if (query.id) feed = await deps.findFeed(query.id);
      else if (query.url) feed = await deps.resolveFeed(query.url, user.id);
      else throw new AppError(ErrorCode.FeedIdOrUrlRequired);
      if (!feed) throw new AppError(ErrorCode.FeedNotFound);
      const [entries, readCount, subscriptionCount, subscription, boosts] = await Promise.all([
        repo.newestEntries(feed.id, FEED_INFO_ENTRIES, user.id),
        repo.readCount(feed.id),
        repo.subscriptionCount(feed.id),
        repo.subscriptionOf(user.id, feed.id),
        deps.boosts?.([feed.id]),
      ]);
      const boost = boosts?.get(feed.id);
      const info: FeedInfo = {
        feed: { ...presentFeed(feed), ...(boost ? { boost } : {}) },
        analytics: { ...presentAnalytics(feed), subscriptionCount },
        entries: entries.map((entry) => presentEntry(entry, { withContent: false })),
        readCount,
        subscriptionCount,
      };
      if (subscription) {
        info.subscription = {
          feedId: feed.id,
          userId: subscription.userId,
          view: subscription.view as FeedView,
          category: subscription.category,
          title: subscription.title,
          isPrivate: subscription.isPrivate,
          createdAt: subscription.createdAt.toISOString(),
        };
      }
      return info;
    },
  };
}

export type FeedInfoService = ReturnType<typeof createFeedInfoService>;
