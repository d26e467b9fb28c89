import { inArray, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { signInFailures } from "../../db/schema/index.ts";

export function createSignInFailuresRepo(db: Database) {
  return {
    async find(keys: string[]) {
      return db.select().from(signInFailures).where(inArray(signInFailures.key, keys));
    },

    /**
     * Counts one failure for `key`: a new window when the last one is over, a lock when the window
     * reaches `limit` failures. One statement, so concurrent failures all count.
     */
    async record(key: string, at: Date, options: { windowMs: number; limit: number; lockMs: number }) {
      const windowStart = new Date(at.getTime() - options.windowMs);
      const lockUntil = new Date(at.getTime() + options.lockMs);
      await db
        .insert(signInFailures)
        .values({ key, failures: 1, windowStartedAt: at, lockedUntil: options.limit <= 1 ? lockUntil : null })
        .onConflictDoUpdate({
          target: signInFailures.key,
          set: {
            failures: sql`CASE WHEN ${signInFailures.windowStartedAt} < ${windowStart} THEN 1 ELSE ${signInFailures.failures} + 1 END`,
            windowStartedAt: sql`CASE WHEN ${signInFailures.windowStartedAt} < ${windowStart} THEN ${at} ELSE ${signInFailures.windowStartedAt} END`,
            lockedUntil: sql`CASE WHEN ${signInFailures.windowStartedAt} >= ${windowStart} AND ${signInFailures.failures} + 1 >= ${options.limit} THEN ${lockUntil}::timestamptz ELSE ${signInFailures.lockedUntil} END`,
          },
        });
    },

    async clear(keys: string[]) {
      await db.delete(signInFailures).where(inArray(signInFailures.key, keys));
    },
  };
}

export type SignInFailuresRepo = ReturnType<typeof createSignInFailuresRepo>;
