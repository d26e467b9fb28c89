import type { PowerLevel } from "@tidings/contracts";

/** Activity points per step of the multiplier, and its highest value (the server's daily policy). */
export const POINTS_PER_STEP = 10;
export const MAX_MULTIPLIER = 5;

/** The activity multiplier of the daily reward: 1× for any activity, one more per 10 points, at most 5×; 0 without activity. */
export const activityMultiplier = (points: number): number => (points > 0 ? Math.min(MAX_MULTIPLIER, 1 + Math.floor(points / POINTS_PER_STEP)) : 0);

/** The multiplier today's reward was computed with (yesterday's activity). */
export const multiplierOf = (level: PowerLevel | null | undefined): number => activityMultiplier(level?.activityPoints ?? 0);
