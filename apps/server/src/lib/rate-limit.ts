import type { Logger } from "./logger.ts";

/**
 * Counts events per key in fixed windows, shared by every server process (in the database, or in
 * Redis when REDIS_URL is set): what every rate limit of the server counts with.
 */
export interface RateCounter {
  /**
   * Counts one event of `key` in its current window of `windowMs`: the seconds to wait until that
   * window ends when the key is past `limit` in it, else 0. Rejects when the store is unreachable.
   */
  hit(key: string, limit: number, windowMs: number): Promise<number>;
  /** Lets go of the store's connection (Redis); the database is closed by its owner. */
  close(): Promise<void>;
}

/** One limit's question: counts an event of `key`, answering the seconds to wait (0: go ahead). */
export type Limit = (key: string) => Promise<number>;

/**
 * `limit` events per `windowMs` for each key of `bucket` (0: no limit). When the counter fails
 * (its store is away) the event goes through, with a warning: a limit guards the server, it must
 * not take it down.
 */
export function createLimit(counter: RateCounter, options: { bucket: string; limit: number; windowMs: number; logger: Logger }): Limit {
  const { bucket, limit, windowMs, logger } = options;
  return async (key) => {
    if (limit <= 0) return 0;
    try {
      return await counter.hit(`${bucket}:${key}`, limit, windowMs);
    } catch (error) {
      logger.warn({ err: error, bucket }, "rate limit not counted");
      return 0;
    }
  };
}

export const MINUTE_MS = 60_000;
export const HOUR_MS = 3_600_000;
