import type { Database } from "../db/client.ts";
import type { Clock } from "../lib/clock.ts";
import type { Logger } from "../lib/logger.ts";
import type { RateCounter } from "../lib/rate-limit.ts";
import { createDatabaseRateCounter } from "./rate-counter-db.ts";
import { createRedisRateCounter } from "./rate-counter-redis.ts";

/**
 * The one counter of every rate limit, shared by every server process: in Redis when REDIS_URL
 * is set, else in the database.
 */
export function createRateCounter(deps: { config: { redisUrl: string | undefined; redisKeyPrefix: string }; db: Database; clock: Clock; logger: Logger }): RateCounter {
  const logger = deps.logger.child({ module: "rate-limits" });
  const { redisUrl, redisKeyPrefix } = deps.config;
  return redisUrl ? createRedisRateCounter({ url: redisUrl, keyPrefix: redisKeyPrefix, logger }) : createDatabaseRateCounter({ db: deps.db, clock: deps.clock, logger });
}
