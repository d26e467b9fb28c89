import { createHash } from "node:crypto";
import { ErrorCode, type MintInput, parsePowerAmount, type PowerLevel, type PowerTransaction, type PowerTransactionType, type RankingItem, type TipInput, type Wallet } from "@tidings/contracts";
import { AppError } from "../../errors.ts";
import type { RequestUser } from "../../http/context.ts";
import type { Clock } from "../../lib/clock.ts";
import type { Ledger, PowerTransactionRow } from "./ledger.ts";
import type { TransactionFilter, WalletRepo } from "./wallet.repo.ts";

/** The wallet's address on this instance: derived from the user id, stable, 0x and 40 hex digits. */
export const walletAddress = (userId: string) => `0x${createHash("sha256").update(`tidings-wallet:${userId}`).digest("hex").slice(0, 40)}`;
const addressIndex = (userId: string) => Number.parseInt(createHash("sha256").update(`tidings-wallet:${userId}`).digest("hex").slice(0, 8), 16) & 0x7fffffff;

const amountOf = (value: unknown): bigint => {
  const units = parsePowerAmount(value);
  if (units === null) throw new AppError(ErrorCode.InvalidParameter, { reason: "amount must be an amount of POWER above zero, such as 10 or 2.5" });
  return units;
};

/** The reader's wallet, their transactions, the ranking, tips and the admin's grants. */
export function createWalletService(deps: {
  repo: WalletRepo;
  ledger: Ledger;
  clock: Clock;
  /** Today's level and claimable reward (the daily rewards). */
  today: (userId: string) => Promise<{ level: PowerLevel | null; todayDailyPower: string }>;
  /** 4008 without a code, 4007 for a wrong one, when the reader has two-factor on. */
  checkTwoFactor: (userId: string, code: string | undefined) => Promise<void>;
}) {
  const { repo, ledger, clock } = deps;

  async function present(rows: PowerTransactionRow[]): Promise<PowerTransaction[]> {
    const people = new Map((await repo.publicUsers([...new Set(rows.flatMap((row) => [row.fromUserId, row.toUserId]).filter((id): id is string => !!id))])).map((user) => [user.id, user]));
    const feeds = new Map((await repo.feedsByIds([...new Set(rows.map((row) => row.toFeedId).filter((id): id is string => !!id))])).map((feed) => [feed.id, feed]));
    return rows.map((row) => {
      const feed = row.toFeedId ? feeds.get(row.toFeedId) : undefined;
      return {
        hash: row.hash,
        type: row.type as PowerTransactionType,
        fromUserId: row.fromUserId,
        toUserId: row.toUserId,
        toFeedId: row.toFeedId,
        toListId: row.toListId,
        toEntryId: row.toEntryId,
        toRsshubId: row.toRsshubId,
        powerToken: row.amount,
        tax: row.tax,
        comment: row.comment,
        createdAt: row.createdAt.toISOString(),
        fromUser: row.fromUserId ? (people.get(row.fromUserId) ?? null) : null,
        toUser: row.toUserId ? (people.get(row.toUserId) ?? null) : null,
        toFeed: feed ? { id: feed.id, title: feed.title, image: feed.image, url: feed.url } : null,
      };
    });
  }

  return {
    /** GET /wallets: the reader's one wallet (there is nothing to create: accounts appear with their first movement). */
    async wallets(user: RequestUser): Promise<Wallet[]> {
      const [{ daily, cashable }, today, createdAt] = await Promise.all([ledger.balances(user.id), deps.today(user.id), repo.userCreatedAt(user.id)]);
      return [
        {
          addressIndex: addressIndex(user.id),
          address: walletAddress(user.id),
          userId: user.id,
          createdAt: (createdAt ?? clock.now()).toISOString(),
          powerToken: (daily + cashable).toString(),
          dailyPowerToken: daily.toString(),
          cashablePowerToken: cashable.toString(),
          level: today.level,
          todayDailyPower: today.todayDailyPower,
        },
      ];
    },

    /** GET /wallets/transactions: newest first, paged by a cursor (the last hash's id); the caller's own without filters. */
    async transactions(user: RequestUser, query: Omit<TransactionFilter, "before" | "limit"> & { cursor?: string; limit?: number }) {
      const limit = Math.min(Math.max(query.limit ?? 50, 1), 100);
      const { cursor, limit: _limit, ...rest } = query;
      const filtered = Object.values(rest).some((value) => value !== undefined);
      const rows = await repo.transactions({ ...(filtered ? rest : { fromOrToUserId: user.id }), ...(cursor ? { before: cursor } : {}), limit });
      const page = rows.slice(0, limit);
      return { items: await present(page), nextCursor: rows.length > limit ? page.at(-1)!.id : null };
    },

    /** GET /wallets/ranking: the top 100. */
    async ranking(): Promise<RankingItem[]> {
      const rows = await repo.ranking(100);
      return rows.map((row, index) => ({
        rank: index + 1,
        userId: row.user_id,
        user: { id: row.user_id, name: row.name, image: row.image, handle: row.handle },
        powerToken: row.balance,
        address: walletAddress(row.user_id),
        ...(row.level !== null ? { level: Number(row.level), activityPoints: Number(row.activity_points ?? 0), prevActivityPoints: Number(row.prev_activity_points ?? 0) } : {}),
      }));
    },

    /**
     * POST /wallets/transactions/tip: POWER to the entry's feed: its owner's wallet when the feed
     * is claimed, else the feed's own account until it is. 4002 when the balance is short.
     */
    async tip(user: RequestUser, input: TipInput, idempotencyKey?: string): Promise<{ transactionHash: string }> {
      const amount = amountOf(input.amount);
      const target = await repo.entryFeed(input.entryId);
      if (!target) throw new AppError(ErrorCode.EntryNotFound);
      if (!target.feedId) throw new AppError(ErrorCode.InvalidParameter, { reason: "Only entries of feeds can be tipped" });
      if (target.ownerUserId === user.id) throw new AppError(ErrorCode.InvalidParameter, { reason: "You cannot tip your own feed" });
      await deps.checkTwoFactor(user.id, input.TOTPCode);
      const { transaction } = await ledger.move(
        {
          type: "tip",
          amount,
          from: { kind: "user", userId: user.id },
          to: target.ownerUserId ? { kind: "user", userId: target.ownerUserId } : { kind: "feed", feedId: target.feedId },
          fromUserId: user.id,
          toUserId: target.ownerUserId,
          toFeedId: target.feedId,
          toEntryId: target.entryId,
          idempotencyKey: input.idempotencyKey ?? idempotencyKey ?? null,
        },
        clock.now(),
      );
      return { transactionHash: transaction.hash };
    },

    /** POST /wallets/transactions/claim-feed: the owner of a claimed feed collects the tips that waited for the claim; 4003 when none. */
    async claimFeedTips(user: RequestUser, feedId: string): Promise<{ transactionHash: string }> {
      const feed = await repo.feed(feedId);
      if (!feed) throw new AppError(ErrorCode.FeedNotFound);
      if (feed.ownerUserId !== user.id) throw new AppError(ErrorCode.NoPermission, { reason: "Only the feed's owner collects its tips" });
      const waiting = await ledger.feedBalance(feedId);
      if (waiting <= 0n) throw new AppError(ErrorCode.FeedInsufficientWithdrawable, { reason: "No tips are waiting for this feed" });
      // Collected by another request at the same time: the ledger finds less than seen and answers 4003.
      const { transaction } = await ledger.move(
        { type: "tip", amount: waiting, from: { kind: "feed", feedId }, to: { kind: "user", userId: user.id }, toUserId: user.id, toFeedId: feedId, comment: "Tips collected after the feed was claimed" },
        clock.now(),
      );
      return { transactionHash: transaction.hash };
    },

    /** POST /admin/power/mint: an admin grants POWER from the treasury (a mint). */
    async mint(admin: RequestUser, input: MintInput): Promise<{ transactionHash: string }> {
      if (!admin.isAdmin) throw new AppError(ErrorCode.NoPermission, { reason: "Only admins can grant POWER" });
      if (!(await repo.userExists(input.userId))) throw new AppError(ErrorCode.TargetUserWalletError, { reason: `No user ${input.userId}` });
      const { transaction } = await ledger.move(
        {
          type: "mint",
          amount: amountOf(input.amount),
          from: { kind: "treasury" },
          to: { kind: "user", userId: input.userId },
          fromUserId: admin.id,
          toUserId: input.userId,
          comment: input.comment ?? "Granted by an admin",
          idempotencyKey: input.idempotencyKey ?? null,
        },
        clock.now(),
      );
      return { transactionHash: transaction.hash };
    },

    /** GET /admin/power/check: the books checked. */
    async verify(admin: RequestUser) {
      if (!admin.isAdmin) throw new AppError(ErrorCode.NoPermission, { reason: "Only admins can check the ledger" });
      return ledger.verify();
    },
  };
}

export type WalletService = ReturnType<typeof createWalletService>;
