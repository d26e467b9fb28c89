import { ErrorCode, POWER_UNIT, type PowerLevel } from "@tidings/contracts";
import type { Database } from "../../db/client.ts";
import { isUniqueViolation } from "../../db/retry.ts";
import { AppError } from "../../errors.ts";
import type { Clock } from "../../lib/clock.ts";
import type { Logger } from "../../lib/logger.ts";
import { createDailyRepo, type DailyState } from "./daily.repo.ts";
import { activityWindow, levelCutoffs, utcDay } from "./daily-policy.ts";
import type { Ledger } from "./ledger.ts";

/** A run still marked running after this long lost its process; the next check takes it over. */
const STALE_MS = 15 * 60 * 1000;

/** What claiming pays today: the run is done, the row is today's and nothing is claimed yet. */
const dueOf = (state: DailyState, day: string): bigint =>
  state.runStatus === "done" && state.row?.day === day && !state.claimed ? BigInt(state.row.dailyAmount) : 0n;

/**
 * Daily POWER rewards: once a UTC day the scheduler ranks every reader, gives them a level and
 * shares the day's supply by level and yesterday's activity (daily-policy.ts); each reader then
 * claims their share, minted from the treasury into their daily balance, once that day (the claim's
 * primary key, reader and day, is written in the mint's transaction: a second claim rolls back).
 */
export function createDailyRewards(deps: { db: Database; ledger: Ledger; clock: Clock; logger: Logger; dailySupply: number }) {
  const repo = createDailyRepo(deps.db);
  const { clock, logger } = deps;

  /** `redo`: compute a day that is done already again (an admin's request); claims made stay made. */
  async function compute(day = utcDay(clock.now()), options: { redo?: boolean } = {}): Promise<{ users: number; ms: number } | null> {
    const window = activityWindow(day);
    const started = performance.now();
    const now = clock.now();
    if (!(await repo.takeRun(day, now, new Date(now.getTime() - STALE_MS), options.redo ?? false))) return null;
    try {
      const users = await repo.countUsers();
      const supplyUnits = BigInt(deps.dailySupply) * POWER_UNIT;
      await repo.writeLevels({ day, ...window, supplyUnits, cutoffs: levelCutoffs(users) }, users, clock.now());
      const ms = Math.round(performance.now() - started);
      logger.info({ day, users, ms }, "daily POWER rewards computed");
      return { users, ms };
    } catch (error) {
      await repo.failRun(day, clock.now()).catch(() => {});
      throw error;
    }
  }

  return {
    async claimCheck(userId: string): Promise<boolean> {
      const day = utcDay(clock.now());
      return dueOf(await repo.state(userId, day), day) > 0n;
    },

    async claim(userId: string): Promise<{ transactionHash: string }> {
      const now = clock.now();
      const day = utcDay(now);
      const state = await repo.state(userId, day);
      if (state.runStatus !== "done") throw new AppError(ErrorCode.DailyPowerInProgress, { reason: "Today's rewards are being computed; try again in a few minutes" });
      if (state.claimed) throw new AppError(ErrorCode.AlreadyClaimed, { reason: "Today's reward is already claimed" });
      const amount = dueOf(state, day);
      if (amount <= 0n) throw new AppError(ErrorCode.UserWalletError, { reason: "Nothing to claim today: read, follow or tip to take part" });
      try {
        const { transaction } = await deps.ledger.move(
          { type: "mint", amount, from: { kind: "treasury" }, to: { kind: "daily", userId }, toUserId: userId, comment: "Daily reward" },
          now,
          (tx, made) => repo.recordClaim(tx, userId, day, made.id),
        );
        return { transactionHash: transaction.hash };
      } catch (error) {
        // Two claims at once: the other one's mint stands, this one's rolled back with it.
        if (isUniqueViolation(error)) throw new AppError(ErrorCode.AlreadyClaimed, { reason: "Today's reward is already claimed" });
        throw error;
      }
    },

    async today(userId: string): Promise<{ level: PowerLevel | null; todayDailyPower: string }> {
      const day = utcDay(clock.now());
      const state = await repo.state(userId, day);
      const row = state.row;
      return {
        level: row ? { rank: row.rank, level: row.level, prevActivityPoints: row.prevActivityPoints, activityPoints: row.activityPoints } : null,
        todayDailyPower: dueOf(state, day).toString(),
      };
    },

    /**
     * The scheduler's check (every few minutes, by one process at a time: see power.ts): computes
     * today's rewards unless they are done or being computed (the run's row is the lock, so two
     * processes never compute one day at once). Throws when the computation fails (it is retried).
     */
    compute,
  };
}

export type DailyRewards = ReturnType<typeof createDailyRewards>;
