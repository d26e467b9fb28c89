import type { Entry, FeedSummary, ListSummary, PublicUser } from "@tidings/contracts";
import type { Clock } from "../../lib/clock.ts";
import { toEntry } from "../entries/index.ts";
import { presentFeed } from "../feeds/index.ts";
import { presentList } from "../lists/index.ts";
import { presentPublicUser } from "../profiles/index.ts";
import type { DiscoverRepo } from "./discover.repo.ts";
import type { TrendingRepo } from "./trending.repo.ts";

export const TRENDING_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;
/** How long one computation is served: the queries scan a week of reads. */
export const TRENDING_CACHE_MS = 60 * 1000;
const LIMIT = 20;

export interface Trending {
  trendingFeeds: (FeedSummary & { subscriptionCount: number })[];
  trendingLists: ListSummary[];
  trendingEntries: (Entry & { readCount: number })[];
  trendingUsers: PublicUser[];
}

// ISO 639-2/3 codes a client may send, by the two-letter code feeds declare.
const LANGUAGE_CODES: Record<string, string> = {
  eng: "en", cmn: "zh", zho: "zh", chi: "zh", yue: "zh", jpn: "ja", kor: "ko", fra: "fr", fre: "fr", deu: "de", ger: "de",
  spa: "es", por: "pt", rus: "ru", ita: "it", nld: "nl", dut: "nl", pol: "pl", tur: "tr", ara: "ar", vie: "vi", ind: "id",
};

/** The primary language of a `language` parameter ("en-US" → "en", "eng" → "en"); undefined for all languages. */
export function primaryLanguage(language: string | undefined): string | undefined {
  const primary = language?.trim().toLowerCase().split(/[-_]/)[0];
  if (!primary || primary === "all") return undefined;
  return LANGUAGE_CODES[primary] ?? primary;
}

/** GET /trending: this instance's popular feeds, lists, entries and list authors. */
export function createTrendingService(deps: {
  repo: TrendingRepo;
  discoverRepo: DiscoverRepo;
  clock: Clock;
  /** Running POWER boosts of feeds, shown in the ranking; absent without POWER. */
  boosts?: (feedIds: string[]) => Promise<Map<string, { level: number; boostCount: number }>>;
}) {
  const cache = new Map<string, { at: number; value: Promise<Trending> }>();

  async function compute(language: string | undefined): Promise<Trending> {
    const since = new Date(deps.clock.now().getTime() - TRENDING_WINDOW_MS);
    const [feeds, lists, entries, users] = await Promise.all([
      deps.repo.feeds(since, language, LIMIT),
      deps.repo.lists(language, LIMIT),
      deps.repo.entries(since, language, LIMIT),
      deps.repo.users(LIMIT),
    ]);
    const listIds = lists.map((row) => row.list.id);
    const [feedIds, owners, boosts] = await Promise.all([
      deps.discoverRepo.listFeedIds(listIds),
      deps.discoverRepo.usersByIds([...new Set(lists.map((row) => row.list.ownerUserId))]),
      deps.boosts?.(feeds.map(({ feed }) => feed.id)),
    ]);
    const ownerById = new Map(owners.map((owner) => [owner.id, presentPublicUser(owner)]));
    return {
      // Feeds boosted to level 3 and above are listed first (a boost benefit), in their order.
      trendingFeeds: feeds
        .map(({ feed, subscribers }) => {
          const boost = boosts?.get(feed.id);
          return { ...presentFeed(feed), subscriptionCount: subscribers, ...(boost ? { boost } : {}) };
        })
        .sort((a, b) => Number((b.boost?.level ?? 0) >= 3) - Number((a.boost?.level ?? 0) >= 3)),
      trendingLists: lists.map(({ list, subscribers }) =>
        presentList(list, { feedIds: feedIds.get(list.id) ?? [], owner: ownerById.get(list.ownerUserId) ?? null, subscriptionCount: subscribers }),
      ),
      trendingEntries: entries.map((record) => ({ ...toEntry(record), readCount: Number(record.read_count) })),
      trendingUsers: users.map((user) => presentPublicUser(user)),
    };
  }

  return {
    async trending(language?: string): Promise<Trending> {
      const primary = primaryLanguage(language);
      const key = primary ?? "";
      const now = deps.clock.now().getTime();
      const cached = cache.get(key);
      if (cached && now - cached.at < TRENDING_CACHE_MS) return cached.value;
      const value = compute(primary);
      if (cache.size >= 64) cache.clear();
      cache.set(key, { at: now, value });
      // A failed computation is not kept.
      value.catch(() => cache.delete(key));
      return value;
    },
  };
}

export type TrendingService = ReturnType<typeof createTrendingService>;
