import type { Clock } from "./clock.ts";

const HOUR_MS = 3_600_000;
/** Keys kept before full buckets (keys idle for an hour or more) are forgotten. */
const PRUNE_ABOVE = 10_000;

/** Allows each key `perHour` events an hour, in this process. */
export interface HourlyLimit {
  /** Counts one event of `key`: false (and nothing counted) when the key has used its hour. */
  take(key: string): boolean;
}

/**
 * A token bucket per key: `perHour` tokens, refilled evenly over the hour, so a burst of
 * `perHour` passes and after it one event every hour / `perHour`. 0 allows everything. In memory:
 * each process counts its own events.
 */
export function createHourlyLimit(options: { perHour: number; clock: Clock }): HourlyLimit {
  const { perHour, clock } = options;
  const buckets = new Map<string, { tokens: number; at: number }>();
  const refilled = (bucket: { tokens: number; at: number }, now: number) => Math.min(perHour, bucket.tokens + ((now - bucket.at) * perHour) / HOUR_MS);

  function prune(now: number) {
    for (const [key, bucket] of buckets) if (refilled(bucket, now) >= perHour) buckets.delete(key);
  }

  return {
    take(key) {
      if (perHour === 0) return true;
      const now = clock.now().getTime();
      const bucket = buckets.get(key);
      const tokens = bucket ? refilled(bucket, now) : perHour;
      if (tokens < 1) return false;
      if (!bucket && buckets.size >= PRUNE_ABOVE) prune(now);
      buckets.set(key, { tokens: tokens - 1, at: now });
      return true;
    },
  };
}
