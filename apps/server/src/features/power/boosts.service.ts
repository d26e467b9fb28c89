import { BOOST_MONTHS, type BoostInput, type BoostStatus, ErrorCode, parsePowerAmount, POWER_UNIT, type PublicUser } from "@tidings/contracts";
import { AppError } from "../../errors.ts";
import type { RequestUser } from "../../http/context.ts";
import type { Clock } from "../../lib/clock.ts";
import type { BoostsRepo } from "./boosts.repo.ts";
import type { Ledger } from "./ledger.ts";

/** Running boosts a feed needs for each level (level 1 at one boost). */
export const BOOST_LEVELS = [1, 3, 10, 20] as const;
const MONTH_MS = 30 * 24 * 60 * 60 * 1000;

/** A feed's boost level from its running boosts: 0 to 4. */
export function boostLevel(count: number): number {
  return BOOST_LEVELS.filter((needed) => count >= needed).length;
}

/**
 * Boosts (reference facts §5): a reader pays months × the monthly cost (a purchase that supports
 * the feed's owner: their wallet, or the feed's account until it is claimed); the boost runs a
 * month per month paid, after any boost of theirs still running on that feed. Running boosts give
 * the feed its level: a badge, and more frequent fetching (fetcher/schedule-policy.ts).
 */
export function createBoostsService(deps: {
  repo: BoostsRepo;
  ledger: Ledger;
  clock: Clock;
  /** What a month of boost costs, in whole POWER. */
  monthlyCost: number;
  checkTwoFactor: (userId: string, code: string | undefined) => Promise<void>;
}) {
  const { repo, clock } = deps;
  const monthly = BigInt(deps.monthlyCost) * POWER_UNIT;

  async function existing(feedId: string): Promise<{ id: string; ownerUserId: string | null }> {
    const feed = await repo.feed(feedId);
    if (!feed) throw new AppError(ErrorCode.FeedNotFound);
    return feed;
  }

  return {
    /** GET /boosts?feedId. */
    async status(user: RequestUser, feedId: string): Promise<BoostStatus> {
      await existing(feedId);
      const now = clock.now();
      const [count, last] = await Promise.all([repo.activeCount(feedId, now), repo.lastValid(feedId, user.id, now)]);
      const level = boostLevel(count);
      const next = BOOST_LEVELS[level];
      return {
        level,
        monthlyBoostCost: monthly.toString(),
        boostCount: count,
        remainingBoostsToLevelUp: next === undefined ? 0 : next - count,
        lastValidBoost: last ? { hash: last.hash, expiresAt: last.expiresAt.toISOString() } : null,
      };
    },

    /** Brings every feed's stored boost level up to date as boosts run out (hourly, with the daily rewards' scheduler). */
    refreshLevels: () => repo.storeLevels(clock.now(), BOOST_LEVELS),

    /** Boost levels of feeds that have running boosts (feed pages, Discover's ranking). */
    async levels(feedIds: string[]): Promise<Map<string, { level: number; boostCount: number }>> {
      const counts = await repo.countsFor(feedIds, clock.now());
      return new Map([...counts].map(([feedId, count]) => [feedId, { level: boostLevel(count), boostCount: count }]));
    },

    /** GET /boosts/boosters?feedId. */
    async boosters(feedId: string): Promise<PublicUser[]> {
      await existing(feedId);
      return repo.boosters(feedId, clock.now());
    },

    /** POST /boosts: 4006 unless the amount is 1, 3, 6 or 12 months at the monthly cost; 4002 when short. */
    async boost(user: RequestUser, input: BoostInput, idempotencyKey?: string): Promise<{ expiresAt: string; transactionHash: string }> {
      const amount = parsePowerAmount(input.amount);
      const months = amount !== null && amount % monthly === 0n ? Number(amount / monthly) : 0;
      if (!(BOOST_MONTHS as readonly number[]).includes(months)) {
        throw new AppError(ErrorCode.InvalidBoostAmount, { reason: `A boost costs ${deps.monthlyCost} POWER a month, for ${BOOST_MONTHS.join(", ")} months` });
      }
      const feed = await existing(input.feedId);
      await deps.checkTwoFactor(user.id, input.TOTPCode);
      const now = clock.now();
      let expiresAt = now;
      const { transaction } = await deps.ledger.move(
        {
          type: "purchase",
          amount: amount!,
          from: { kind: "user", userId: user.id },
          // A boost supports the feed's owner: their wallet, or the feed's account until it is claimed.
          to: feed.ownerUserId ? { kind: "user", userId: feed.ownerUserId } : { kind: "feed", feedId: input.feedId },
          fromUserId: user.id,
          toUserId: feed.ownerUserId,
          toFeedId: input.feedId,
          comment: `Boost for ${months} month${months === 1 ? "" : "s"}`,
          idempotencyKey: input.idempotencyKey ?? idempotencyKey ?? null,
        },
        now,
        async (tx, made) => {
          const running = await repo.lastValid(input.feedId, user.id, now, tx);
          const start = running && running.expiresAt > now ? running.expiresAt : now;
          expiresAt = new Date(start.getTime() + months * MONTH_MS);
          await repo.insert(tx, { transactionId: made.id, feedId: input.feedId, userId: user.id, months, expiresAt });
        },
      );
      await repo.storeLevels(clock.now(), BOOST_LEVELS, [input.feedId]);
      const last = await repo.lastValid(input.feedId, user.id, clock.now());
      return { expiresAt: (last?.expiresAt ?? expiresAt).toISOString(), transactionHash: transaction.hash };
    },
  };
}

export type BoostsService = ReturnType<typeof createBoostsService>;
