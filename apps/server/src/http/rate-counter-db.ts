import { and, like, lt, notLike, or, sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { requestCounters } from "../db/schema/index.ts";
import type { Clock } from "../lib/clock.ts";
import type { Logger } from "../lib/logger.ts";
import type { RateCounter } from "../lib/rate-limit.ts";

/** Counters of ended windows are deleted, at most once per this interval by each process. */
const SWEEP_EVERY_MS = 5 * 60_000;

/**
 * A {@link RateCounter} in the database (table request_counters), so every server process on it
 * shares the counts. Windows are fixed (aligned on the epoch), and the row's key names the
 * window's length (`w60000:auth:203.0.113.1`), so one key counts in one window only. One
 * statement per event: a new window starts at 1, else the count grows by one.
 */
export function createDatabaseRateCounter(deps: { db: Database; clock: Clock; logger: Logger }): RateCounter {
  let lastSweep = 0;
  const windows = new Set<number>();

  async function sweep(now: number) {
    if (now - lastSweep < SWEEP_EVERY_MS) return;
    lastSweep = now;
    const ended = [...windows].map((windowMs) => and(like(requestCounters.key, `w${windowMs}:%`), lt(requestCounters.windowStartedAt, new Date(now - 2 * windowMs))));
    // Rows of the one-minute counter before windows were named in keys.
    const unnamed = and(notLike(requestCounters.key, "w%:%"), lt(requestCounters.windowStartedAt, new Date(now - 2 * 60_000)));
    await deps.db.delete(requestCounters).where(or(unnamed, ...ended));
  }

  return {
    async hit(key, limit, windowMs) {
      const now = deps.clock.now().getTime();
      const windowStart = new Date(Math.floor(now / windowMs) * windowMs);
      windows.add(windowMs);
      const [row] = await deps.db
        .insert(requestCounters)
        .values({ key: `w${windowMs}:${key}`, hits: 1, windowStartedAt: windowStart })
        .onConflictDoUpdate({
          target: requestCounters.key,
          set: {
            hits: sql`CASE WHEN ${requestCounters.windowStartedAt} = ${windowStart} THEN ${requestCounters.hits} + 1 ELSE 1 END`,
            windowStartedAt: windowStart,
          },
        })
        .returning({ hits: requestCounters.hits });
      sweep(now).catch((error: unknown) => deps.logger.warn({ err: error }, "rate-limit counters not swept"));
      if ((row?.hits ?? 0) <= limit) return 0;
      return Math.max(1, Math.ceil((windowStart.getTime() + windowMs - now) / 1000));
    },
    close: async () => {},
  };
}
