import type { FeedAnalytics, FeedSummary } from "@tidings/contracts";
import type { FeedRow } from "./feeds.repo.ts";

const iso = (date: Date | null | undefined) => (date ? date.toISOString() : null);

/** A feed as the API shows it. */
export function presentFeed(feed: FeedRow): FeedSummary {
  return {
    type: "feed",
    id: feed.id,
    url: feed.url,
    title: feed.title,
    description: feed.description,
    image: feed.image,
    siteUrl: feed.siteUrl,
    errorMessage: feed.errorMessage,
    errorAt: iso(feed.errorAt),
    ownerUserId: feed.ownerUserId,
    language: feed.language,
    ...(feed.rsshubFallback ? { rsshubFallback: feed.rsshubFallback } : {}),
  };
}

export function presentAnalytics(feed: FeedRow): FeedAnalytics {
  return {
    updatesPerWeek: feed.updatesPerWeek,
    subscriptionCount: feed.subscriptionCount,
    latestEntryPublishedAt: iso(feed.latestEntryPublishedAt),
  };
}
