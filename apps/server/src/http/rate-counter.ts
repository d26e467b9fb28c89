import type { Database } from "../db/client.ts";
import type { Clock } from "../lib/clock.ts";
import type { Logger } from "../lib/logger.ts";
import type { RateCounter } from "../lib/rate-limit.ts";
import { createDatabaseRateCounter } from "./rate-counter-db.ts";

/**
 * The one counter of every rate limit, shared by every server process: in Redis when REDIS_URL
 * is set, else in the database.
 */
export function createRateCounter(deps: { config: { redisUrl: string | undefined; redisKeyPrefix: string }; db: Database; clock: Clock; logger: Logger }): RateCounter {
  const logger = deps.logger.child({ module: "rate-limits" });
  const { redisUrl, redisKeyPrefix } = deps.config;
  if (!redisUrl) return createDatabaseRateCounter({ db: deps.db, clock: deps.clock, logger });
  // The Redis client loads (and connects) only where REDIS_URL is set.
  const redis = import("./rate-counter-redis.ts").then(({ createRedisRateCounter }) => createRedisRateCounter({ url: redisUrl, keyPrefix: redisKeyPrefix, logger }));
  return {
    hit: async (key, limit, windowMs) => (await redis).hit(key, limit, windowMs),
    close: async () => (await redis).close(),
  };
}
