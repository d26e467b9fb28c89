import { ErrorCode, type Entry, type FeedSummary, type ListSummary } from "@tidings/contracts";
import type { FeedRow } from "../../db/schema/feeds.ts";
import { AppError } from "../../errors.ts";
import type { RequestUser } from "../../http/context.ts";
import { toEntry } from "../entries/index.ts";
import { presentFeed } from "../feeds/index.ts";
import { presentList } from "../lists/index.ts";
import { presentPublicUser } from "../profiles/index.ts";
import type { DiscoverRepo, ListRow, PreviewRecord } from "./discover.repo.ts";
import { asDiscoverableUrl } from "./keyword.ts";

/** Previews shown with each result. */
export const PREVIEW_ENTRIES = 4;
/** Results of a keyword search. */
export const MAX_RESULTS = 20;
/** Feeds taken from one URL's discovery. */
export const MAX_CANDIDATES = 8;

export interface DiscoverItem {
  feed?: FeedSummary;
  list?: ListSummary;
  entries?: Entry[];
  isSubscribed: boolean;
  subscriptionCount: number;
}

/** A feed discovery found at a URL. */
export interface Candidate {
  url: string;
  title: string | null;
  siteUrl: string | null;
  description: string | null;
  image: string | null;
}

export interface DiscoverServiceDeps {
  repo: DiscoverRepo;
  /** Every feed behind a URL; throws `{ reason: "invalid-url" | "fetch-failed" | "no-feed" }` when there is none. */
  /** The feeds at a URL; an `rsshub://` route through `forUserId`'s instance. */
  discover: (url: string, forUserId: string) => Promise<Candidate[]>;
  /** The stored feed of a candidate: the known one, or a new one fetched at once (so it has entries). */
  store: (candidate: Candidate, forUserId: string) => Promise<FeedRow>;
}

const byOwner = (records: PreviewRecord[]) => {
  const map = new Map<string, Entry[]>();
  for (const record of records) {
    const key = String(record.owner_id);
    map.set(key, [...(map.get(key) ?? []), toEntry(record)]);
  }
  return map;
};

/** POST /discover: feeds found at a URL, or feeds and lists of this instance matching a keyword. */
export function createDiscoverService(deps: DiscoverServiceDeps) {
  const { repo } = deps;

  async function feedItems(user: RequestUser, rows: FeedRow[], counts?: Map<string, number>): Promise<DiscoverItem[]> {
    const ids = rows.map((feed) => feed.id);
    const [previews, followed, subscribers] = await Promise.all([
      repo.feedPreviews(ids, PREVIEW_ENTRIES, user.id),
      repo.followed(user.id, ids),
      counts ? Promise.resolve(counts) : repo.feedSubscriberCounts(ids),
    ]);
    const entries = byOwner(previews);
    return rows.map((feed) => ({
      feed: presentFeed(feed),
      entries: entries.get(feed.id) ?? [],
      isSubscribed: followed.has(feed.id),
      subscriptionCount: subscribers.get(feed.id) ?? 0,
    }));
  }

  async function listItems(user: RequestUser, rows: { list: ListRow; subscribers: number }[]): Promise<DiscoverItem[]> {
    const ids = rows.map((row) => row.list.id);
    const [previews, followed, feedIds, owners] = await Promise.all([
      repo.listPreviews(ids, PREVIEW_ENTRIES, user.id),
      repo.followed(user.id, ids),
      repo.listFeedIds(ids),
      repo.usersByIds([...new Set(rows.map((row) => row.list.ownerUserId))]),
    ]);
    const entries = byOwner(previews);
    const ownerById = new Map(owners.map((owner) => [owner.id, presentPublicUser(owner)]));
    return rows.map(({ list, subscribers }) => ({
      list: presentList(list, { feedIds: feedIds.get(list.id) ?? [], owner: ownerById.get(list.ownerUserId) ?? null, subscriptionCount: subscribers }),
      entries: entries.get(list.id) ?? [],
      isSubscribed: followed.has(list.id),
      subscriptionCount: subscribers,
    }));
  }

  async function discoverUrl(url: string, userId: string): Promise<FeedRow[]> {
    let candidates: Candidate[];
    try {
      candidates = await deps.discover(url, userId);
    } catch (error) {
      if (error instanceof AppError) throw error;
      const failure = (error as { reason?: string }).reason;
      const reason = (error as Error).message;
      if (failure === "invalid-url") throw new AppError(ErrorCode.InvalidParameter, { reason });
      if (failure === "no-feed") throw new AppError(ErrorCode.FeedParseError, { reason });
      throw new AppError(ErrorCode.FeedFetchError, { reason });
    }
    const stored = await Promise.all(candidates.slice(0, MAX_CANDIDATES).map((candidate) => deps.store(candidate, userId)));
    return [...new Map(stored.map((feed) => [feed.id, feed])).values()];
  }

  return {
    async discover(user: RequestUser, input: { keyword: string; target?: "feeds" | "lists" }): Promise<DiscoverItem[]> {
      const keyword = input.keyword.trim();
      if (!keyword) throw new AppError(ErrorCode.InvalidParameter, { reason: "keyword: type a keyword or a URL" });
      if (input.target === "lists") return listItems(user, await repo.searchLists(keyword, MAX_RESULTS));
      const url = asDiscoverableUrl(keyword);
      if (url) return feedItems(user, await discoverUrl(url, user.id));
      const found = await repo.searchFeeds(keyword, MAX_RESULTS);
      return feedItems(
        user,
        found.map((row) => row.feed),
        new Map(found.map((row) => [row.feed.id, row.subscribers])),
      );
    },
  };
}

export type DiscoverService = ReturnType<typeof createDiscoverService>;
