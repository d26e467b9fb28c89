// The feed engine: fetching, reading and storing feeds on a schedule, and finding feeds at an
// address. What the composition root, the CLI and other features use of it.
export { discoverFeeds, type FeedCandidate } from "./discover/discover.ts";
export { readFeed } from "./read-feed.ts";
export { type FetchConfig, fetchConfig, fetchEnv, jobsInThread } from "./fetch.config.ts";

/** The reader view's fetch (fetch-readability.ts), loaded on the first article: Readability and its DOM cost ~5 MB of heap. */
export const loadReadability = async () => (await import("./fetch-readability.ts")).fetchReadability;
export { createRefresher, processingSlots, type Refresher, type RefresherPorts } from "./refresher.ts";
export type { RefreshOutcome } from "./refresh-feed.ts";
export { finalizeEntry, prepareEntries } from "./prepare-entries.ts";
