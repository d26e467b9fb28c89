import { ErrorCode } from "@tidings/contracts";
import { lt, sql } from "drizzle-orm";
import type { Context, MiddlewareHandler } from "hono";
import type { Database } from "../db/client.ts";
import { requestCounters } from "../db/schema/index.ts";
import { AppError } from "../errors.ts";
import type { Clock } from "../lib/clock.ts";
import type { Logger } from "../lib/logger.ts";
import type { AppEnv } from "./context.ts";
import { requestAddress } from "./request-address.ts";

const WINDOW_MS = 60_000;
/** Counters of windows this old are deleted, at most once per this interval by each process. */
const SWEEP_EVERY_MS = 5 * 60_000;

/**
 * Counts requests per key in fixed one-minute windows, in the database, so every server process
 * on it shares the counts. One statement per request: a new window starts at 1, else the count
 * grows by one.
 */
export function createRequestCounter(deps: { db: Database; clock: Clock; logger: Logger }) {
  let lastSweep = 0;
  async function sweep(now: number) {
    if (now - lastSweep < SWEEP_EVERY_MS) return;
    lastSweep = now;
    await deps.db.delete(requestCounters).where(lt(requestCounters.windowStartedAt, new Date(now - 2 * WINDOW_MS)));
  }
  return {
    /** Counts one request for `key`; answers the seconds to wait when it is past `limit` in this window, else 0. */
    async hit(key: string, limit: number): Promise<number> {
      const now = deps.clock.now().getTime();
      const windowStart = new Date(Math.floor(now / WINDOW_MS) * WINDOW_MS);
      const [row] = await deps.db
        .insert(requestCounters)
        .values({ key, hits: 1, windowStartedAt: windowStart })
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
      return Math.max(1, Math.ceil((windowStart.getTime() + WINDOW_MS - now) / 1000));
    },
  };
}

export type RequestCounter = ReturnType<typeof createRequestCounter>;

/**
 * A per-address limit of `perMinute` requests (0: none) on the requests `applies` picks: past it,
 * 429 with code 18000 and `Retry-After`. When the counter fails (the database is away), the
 * request goes through: the limit guards the server, it must not take it down.
 */
export function rateLimit(
  counter: RequestCounter,
  options: { bucket: string; perMinute: number; trustProxy: boolean; applies: (c: Context<AppEnv>) => boolean | Promise<boolean> },
): MiddlewareHandler<AppEnv> {
  const { bucket, perMinute } = options;
  return async (c, next) => {
    if (perMinute <= 0 || !(await options.applies(c))) return next();
    const address = requestAddress(c, options.trustProxy);
    let wait = 0;
    try {
      wait = await counter.hit(`${bucket}:${address}`, perMinute);
    } catch (error) {
      c.var.log.warn({ err: error }, "rate limit not counted");
    }
    if (wait === 0) return next();
    const refusal = new AppError(ErrorCode.TooManyRequests, { reason: `At most ${perMinute} such requests a minute from one address; try again in ${wait} s` });
    return c.json(refusal.toBody(), 429, { "Retry-After": String(wait) });
  };
}

/** better-auth routes that take a password, a code or send mail: the `auth` limit's. */
const AUTH_LIMITED = /^\/api\/better-auth\/(?:sign-in\/|sign-up\/|request-password-reset|forget-password|reset-password|send-verification-email|two-factor\/verify-)|^\/api\/greader\/accounts\/ClientLogin$/;
/** Where the `public` limit counts requests without a session: the API and the share pages and their pictures. */
const PUBLIC_PATHS = /^\/(?:api|share|og|u)\//;
/** Reader apps' sync calls carry their own token (checked by the Google Reader feature), not a session. */
const READER_APP_SYNC = /^\/api\/greader\/reader\//;

/**
 * The two limits of {@link RateLimitsConfig}: `auth` on sign-in, sign-up, password reset and
 * two-factor codes; `public` on every other API or share route asked without a signed-in session
 * (`signedIn` reads the session cookie). better-auth's own routes beyond those are left to its own
 * ceiling.
 */
export function rateLimits(deps: {
  counter: RequestCounter;
  config: { authPerMinute: number; publicPerMinute: number };
  trustProxy: boolean;
  signedIn: (c: Context<AppEnv>) => Promise<boolean>;
}) {
  const { counter, config, trustProxy } = deps;
  return {
    auth: rateLimit(counter, { bucket: "auth", perMinute: config.authPerMinute, trustProxy, applies: (c) => c.req.method === "POST" && AUTH_LIMITED.test(c.req.path) }),
    public: rateLimit(counter, {
      bucket: "public",
      perMinute: config.publicPerMinute,
      trustProxy,
      applies: async (c) => {
        const path = c.req.path;
        if (!PUBLIC_PATHS.test(path) || path.startsWith("/api/better-auth/") || AUTH_LIMITED.test(path)) return false;
        if (READER_APP_SYNC.test(path) && c.req.header("authorization")) return false;
        return !(await deps.signedIn(c));
      },
    }),
  };
}
