import { ErrorCode } from "@tidings/contracts";
import type { Context, MiddlewareHandler } from "hono";
import { AppError } from "../errors.ts";
import { MINUTE_MS, type RateCounter } from "../lib/rate-limit.ts";
import type { AppEnv } from "./context.ts";
import { requestAddress } from "./request-address.ts";

/**
 * The answer to a request past a limit, whichever limit: 429 with code 18000, `Retry-After` in
 * seconds, and `reason` saying which limit (`message`, when given, replaces "Too many requests").
 */
export function tooManyRequests(c: Context<AppEnv>, wait: number, text: { reason: string; message?: string }) {
  const refusal = new AppError(ErrorCode.TooManyRequests, { ...text, retryAfterSeconds: wait });
  return c.json(refusal.toBody(), 429, refusal.headers());
}

/**
 * A per-address limit of `perMinute` requests (0: none) on the requests `applies` picks: past it,
 * 429 with code 18000 and `Retry-After`. When the counter fails (the database is away), the
 * request goes through: the limit guards the server, it must not take it down.
 */
export function rateLimit(
  counter: RateCounter,
  options: { bucket: string; perMinute: number; trustProxy: boolean; applies: (c: Context<AppEnv>) => boolean | Promise<boolean> },
): MiddlewareHandler<AppEnv> {
  const { bucket, perMinute } = options;
  return async (c, next) => {
    if (perMinute <= 0 || !(await options.applies(c))) return next();
    const address = requestAddress(c, options.trustProxy);
    let wait = 0;
    try {
      wait = await counter.hit(`${bucket}:${address}`, perMinute, MINUTE_MS);
    } catch (error) {
      c.var.log.warn({ err: error }, "rate limit not counted");
    }
    if (wait === 0) return next();
    return tooManyRequests(c, wait, { reason: `At most ${perMinute} such requests a minute from one address; try again in ${wait} s` });
  };
}

/** better-auth routes that take a password, a code or send mail: the `auth` limit's. */
const AUTH_LIMITED =
  /^\/api\/better-auth\/(?:sign-in\/|sign-up\/|request-password-reset|forget-password|reset-password|send-verification-email|change-password|change-email|delete-user|two-factor\/|desktop-handoff\/redeem)|^\/api\/greader\/accounts\/ClientLogin$/;
/** Where the `public` limit counts requests without a session: the API and the share pages and their pictures. */
const PUBLIC_PATHS = /^\/(?:api|share|og|u|v1)\//;
/** Reader apps' sync calls carry their own token (checked by the Google Reader and Miniflux features), not a session. */
const READER_APP_SYNC = /^\/api\/greader\/reader\/|^\/(?:api\/)?v1\//;

/**
 * The two limits of {@link RateLimitsConfig}: `auth` on sign-in, sign-up, password reset and
 * two-factor codes; `public` on every other API or share route asked without a signed-in session
 * (`signedIn` reads the session cookie), better-auth's other routes included (its own limiter is off).
 */
export function rateLimits(deps: {
  counter: RateCounter;
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
        if (!PUBLIC_PATHS.test(path) || AUTH_LIMITED.test(path)) return false;
        if (READER_APP_SYNC.test(path) && (c.req.header("authorization") || c.req.header("x-auth-token"))) return false;
        return !(await deps.signedIn(c));
      },
    }),
  };
}
