import { infiniteQueryOptions, type QueryClient, queryOptions, useQueryClient } from "@tanstack/react-query";
import type { Achievement, BoostStatus, FeedSummary, PowerTransaction, PowerTransactionType, PublicUser, RankingItem, Wallet } from "@tidings/contracts";
import { useMemo } from "react";
import { api, apiPage, apiResponse } from "../../lib/api-client.ts";

/** Transactions asked for per page of the history. */
export const TRANSACTIONS_PAGE_SIZE = 20;

/** Which transactions the history shows: one type (or all) of the reader's own. */
export interface TransactionFilter {
  type?: PowerTransactionType;
  fromOrToUserId?: string;
  toFeedId?: string;
}

export const powerKeys = {
  all: ["power"] as const,
  wallet: ["power", "wallet"] as const,
  claimCheck: ["power", "claim-check"] as const,
  ranking: ["power", "ranking"] as const,
  transactions: (filter: TransactionFilter) => ["power", "transactions", filter] as const,
  boost: (feedId: string) => ["power", "boost", feedId] as const,
  boosters: (feedId: string) => ["power", "boosters", feedId] as const,
  achievements: ["power", "achievements"] as const,
  ownedFeeds: ["power", "owned-feeds"] as const,
};

/** `GET /wallets`: the reader's wallet (the server makes it on first use). */
export const walletQuery = queryOptions({
  queryKey: powerKeys.wallet,
  queryFn: async ({ signal }) => (await api<Wallet[]>("wallets", { signal }))?.[0] ?? null,
  staleTime: 30_000,
});

/** `GET /wallets/transactions/claim-check`: whether today's daily POWER may be claimed. */
export const claimCheckQuery = queryOptions({
  queryKey: powerKeys.claimCheck,
  queryFn: async ({ signal }) => (await api<boolean>("wallets/transactions/claim-check", { signal })) === true,
  staleTime: 60_000,
});

/** `GET /wallets/ranking`: the top 100 by POWER. */
export const rankingQuery = queryOptions({
  queryKey: powerKeys.ranking,
  queryFn: ({ signal }) => api<RankingItem[]>("wallets/ranking", { signal }),
  staleTime: 5 * 60_000,
});

/** `GET /wallets/transactions`, page by page along the server's `nextCursor`. */
export function transactionsQuery(filter: TransactionFilter) {
  return infiniteQueryOptions({
    queryKey: powerKeys.transactions(filter),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      apiPage<PowerTransaction[]>("wallets/transactions", { query: { ...filter, cursor: pageParam, limit: TRANSACTIONS_PAGE_SIZE }, signal }),
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });
}

/** `GET /boosts?feedId`: the feed's boost level and what a month costs. */
export const boostStatusQuery = (feedId: string) =>
  queryOptions({
    queryKey: powerKeys.boost(feedId),
    queryFn: ({ signal }) => api<BoostStatus>("boosts", { query: { feedId }, signal }),
  });

/** `GET /boosts/boosters?feedId`: who boosts the feed now. */
export const boostersQuery = (feedId: string) =>
  queryOptions({
    queryKey: powerKeys.boosters(feedId),
    queryFn: ({ signal }) => api<PublicUser[]>("boosts/boosters", { query: { feedId }, signal }),
  });

/** `GET /achievement?type=all`: every achievement, with how many are done (top-level fields). */
export interface AchievementsPage {
  achievements: Achievement[];
  done: number;
  total: number;
}

export const achievementsQuery = queryOptions({
  queryKey: powerKeys.achievements,
  queryFn: async ({ signal }): Promise<AchievementsPage> => {
    const response = await apiResponse("achievement", { query: { type: "all" }, signal });
    const body = (await response.json().catch(() => ({}))) as { data?: Achievement[]; done?: number; total?: number };
    const achievements = body.data ?? [];
    return { achievements, done: body.done ?? achievements.filter((item) => item.done).length, total: body.total ?? achievements.length };
  },
});

/** One of the reader's claimed feeds (`GET /feeds/claim/list`), with the tips waiting for it. */
export interface OwnedFeed {
  feed: FeedSummary;
  subscriptionCount: number;
  tipAmount: string;
}

export const ownedFeedsQuery = queryOptions({
  queryKey: powerKeys.ownedFeeds,
  queryFn: ({ signal }) => api<OwnedFeed[]>("feeds/claim/list", { signal }),
});

/** What a payment carries besides its terms: the attempt's key and, when asked for, a TOTP code. */
export interface PaymentGuard {
  idempotencyKey: string;
  TOTPCode?: string;
}

/**
 * Everything POWER shows may move after a payment or a claim: balances, history, ranking,
 * progress. Not awaited: the dialog that paid closes at once, the numbers follow.
 */
const refresh = (client: QueryClient) => client.invalidateQueries({ queryKey: powerKeys.all });

/** What readers do with POWER; each call refreshes what it changed. */
export interface PowerActions {
  /** `POST /wallets/transactions/claim_daily`. */
  claimDaily: () => Promise<{ transactionHash: string }>;
  /** `POST /wallets/transactions/tip`: `amount` in POWER ("10"). */
  tip: (input: { amount: string; entryId: string } & PaymentGuard) => Promise<{ transactionHash: string }>;
  /** `POST /boosts`: `amount` in POWER (months × the monthly cost). */
  boost: (input: { amount: string; feedId: string } & PaymentGuard) => Promise<{ expiresAt: string; transactionHash: string }>;
  /** `POST /wallets/transactions/claim-feed`: the owner collects the tips that waited for the claim. */
  claimFeedTips: (feedId: string) => Promise<{ transactionHash: string }>;
  /** `PUT /achievement`: takes a completed achievement's reward. */
  claimAchievement: (actionId: number) => Promise<{ actionId: number; result: boolean; transactionHash: string }>;
  /** `POST /achievement/check`: has the server count the progress again. */
  checkAchievement: (actionId: number) => Promise<Achievement>;
  /** `POST /achievement/audit`: sends what an achievement that needs review asks for. */
  auditAchievement: (actionId: number, text: string) => Promise<Achievement>;
}

export function usePowerActions(): PowerActions {
  const client = useQueryClient();
  return useMemo(() => {
    const after = async <T>(work: Promise<T>): Promise<T> => {
      const result = await work;
      void refresh(client);
      return result;
    };
    return {
      claimDaily: async () => {
        const result = await after(api<{ transactionHash: string }>("wallets/transactions/claim_daily", { method: "POST", json: {} }));
        client.setQueryData(powerKeys.claimCheck, false);
        return result;
      },
      tip: (input) => after(api("wallets/transactions/tip", { json: input })),
      boost: (input) => after(api("boosts", { json: input })),
      claimFeedTips: (feedId) => after(api("wallets/transactions/claim-feed", { json: { feedId } })),
      claimAchievement: (actionId) => after(api("achievement", { method: "PUT", json: { actionId } })),
      checkAchievement: (actionId) => after(api("achievement/check", { json: { actionId } })),
      auditAchievement: (actionId, text) => after(api("achievement/audit", { json: { actionId, payload: { text } } })),
    };
  }, [client]);
}
