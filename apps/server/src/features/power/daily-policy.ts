// The daily reward's rules, pure: levels from the POWER ranking, activity points and the
// multipliers that share the instance's daily supply. The database computes the same thing in
// set-based SQL (daily.repo.ts builds it from these constants); `dailyRewardsOf` is the reference
// the tests hold that SQL to.

const DAY_MS = 24 * 60 * 60 * 1000;

/** The UTC day of an instant, "YYYY-MM-DD": the unit of claims and of the daily computation. */
export const utcDay = (at: Date): string => at.toISOString().slice(0, 10);

/**
 * The activity a day's reward counts: the 24 hours of the UTC day before it. Fixed windows, so
 * no activity counts twice or never, whenever in the day the scheduler gets to it.
 */
export function activityWindow(day: string): { from: Date; to: Date } {
  const to = new Date(`${day}T00:00:00.000Z`);
  if (Number.isNaN(to.getTime()) || utcDay(to) !== day) throw new RangeError(`Not a day: ${day}`);
  return { from: new Date(to.getTime() - DAY_MS), to };
}

/**
 * Levels by place in the ranking by POWER balance (daily + cashable): the top 1% level 5, the
 * next to 5% level 4, to 20% level 3, to 50% level 2, everyone else 1. Places are counted up,
 * so even a small instance has a level-5 reader.
 */
export const LEVEL_BANDS = [
  { level: 5, topBasisPoints: 100 },
  { level: 4, topBasisPoints: 500 },
  { level: 3, topBasisPoints: 2_000 },
  { level: 2, topBasisPoints: 5_000 },
] as const;
export const BASE_LEVEL = 1;

/** The last rank (1-based) of each band among `total` ranked users, best band first. */
export function levelCutoffs(total: number): { level: number; maxRank: number }[] {
  return LEVEL_BANDS.map((band) => ({ level: band.level, maxRank: Math.floor((total * band.topBasisPoints + 9_999) / 10_000) }));
}

/**
 * A user's level from their rank. Users holding no POWER rank last and stay at level 1: on a new
 * instance everyone holds nothing, and the tie-break by id must not hand out level 5.
 */
export function levelOf(rank: number, total: number, balance: bigint): number {
  if (balance <= 0n) return BASE_LEVEL;
  return levelCutoffs(total).find((band) => rank <= band.maxRank)?.level ?? BASE_LEVEL;
}

/**
 * Points per action in the window, each source counted up to its cap (more reading than that is
 * not more taking part, and a script marking entries read should not outweigh everyone).
 */
export const ACTIVITY_SOURCES = {
  reads: { points: 1, cap: 100 },
  subscriptions: { points: 2, cap: 20 },
  tips: { points: 5, cap: 20 },
} as const;
export type ActivityCounts = Record<keyof typeof ACTIVITY_SOURCES, number>;

export function activityPoints(counts: ActivityCounts): number {
  let points = 0;
  for (const [source, rule] of Object.entries(ACTIVITY_SOURCES)) points += Math.min(counts[source as keyof ActivityCounts], rule.cap) * rule.points;
  return points;
}

/** Points for each step of the activity multiplier, and the highest multiplier (also the highest level). */
export const POINTS_PER_STEP = 10;
export const MAX_MULTIPLIER = 5;

/** 1x for any activity, one step more per 10 points, at most 5x; 0 without activity (no share that day). */
export const activityMultiplier = (points: number): number => (points > 0 ? Math.min(MAX_MULTIPLIER, 1 + Math.floor(points / POINTS_PER_STEP)) : 0);

/** A user's share of the supply: level multiplier (the level itself) × activity multiplier, 0 to 25. */
export const weightOf = (level: number, points: number): number => level * activityMultiplier(points);

/** Whole units of `supply` for `weight` out of `totalWeight`, rounded down: the shares never add up to more than the supply. */
export const shareOf = (supplyUnits: bigint, weight: number, totalWeight: bigint): bigint =>
  weight > 0 && totalWeight > 0n ? (supplyUnits * BigInt(weight)) / totalWeight : 0n;

export interface DailyInput extends ActivityCounts {
  userId: string;
  balance: bigint;
}
export interface DailyReward {
  userId: string;
  rank: number;
  level: number;
  activityPoints: number;
  dailyAmount: bigint;
}

/**
 * The whole day's computation for a list of users: ranked by balance (highest first, ties by
 * user id in code-point order), levelled, weighted by activity, and the supply shared.
 */
export function dailyRewardsOf(users: DailyInput[], supplyUnits: bigint): DailyReward[] {
  const ranked = [...users].sort((a, b) => (a.balance === b.balance ? (a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : 0) : a.balance > b.balance ? -1 : 1));
  const rows = ranked.map((user, index) => {
    const level = levelOf(index + 1, ranked.length, user.balance);
    const points = activityPoints(user);
    return { userId: user.userId, rank: index + 1, level, activityPoints: points, weight: weightOf(level, points) };
  });
  const totalWeight = rows.reduce((sum, row) => sum + BigInt(row.weight), 0n);
  return rows.map(({ weight, ...row }) => ({ ...row, dailyAmount: shareOf(supplyUnits, weight, totalWeight) }));
}
