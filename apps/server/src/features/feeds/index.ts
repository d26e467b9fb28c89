// Feeds: what the composition root and other features use.
export { presentAnalytics, presentFeed } from "./feed.presenter.ts";
export { createFeedsModule, type FeedsModule, type FeedsPorts } from "./feeds.module.ts";
export { createFeedsRepo, type FeedRow, type FeedsRepo } from "./feeds.repo.ts";
export type { DiscoveredFeed, DiscoveryFailure, FeedsService, RefreshResult } from "./feeds.service.ts";
