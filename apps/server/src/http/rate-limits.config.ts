import { z } from "zod";
import { type EnvOf, type EnvShape, integer, url } from "../config/parsers.ts";

/** A Redis URL (`redis://[[user]:password@]host[:port][/db]`, `rediss://` for TLS); empty: none. */
const redisUrl = z
  .string()
  .optional()
  .transform((value) => value?.trim() || undefined)
  .pipe(
    url("REDIS_URL", ["redis:", "rediss:"])
      .refine((value) => !URL.canParse(value) || /^\/?\d*$/.test(new URL(value).pathname), { error: (issue) => `REDIS_URL's database must be a number, as in redis://host:6379/0 (got "${String(issue.input)}")` })
      .optional(),
  );

export const rateLimitsEnv = {
  RATE_LIMIT_AUTH_PER_MINUTE: integer("RATE_LIMIT_AUTH_PER_MINUTE", 60, 0, 1_000_000),
  RATE_LIMIT_PUBLIC_PER_MINUTE: integer("RATE_LIMIT_PUBLIC_PER_MINUTE", 600, 0, 10_000_000),
  REDIS_URL: redisUrl,
  REDIS_KEY_PREFIX: z.string().max(100, "REDIS_KEY_PREFIX must be at most 100 characters").default("tidings:"),
} satisfies EnvShape;

/**
 * Requests one client address may make per minute (0: no limit): `auth` to sign-in, sign-up and
 * password reset (all together, the reader apps' logins included); `public` to any other route
 * without a signed-in session (share pages and pictures, the image proxy, profiles, status, inbox
 * mail, Fever…). Where every limit counts: in the database, or in Redis at `redisUrl` (its keys
 * start with `redisKeyPrefix`).
 */
export interface RateLimitsConfig {
  readonly authPerMinute: number;
  readonly publicPerMinute: number;
  readonly redisUrl: string | undefined;
  readonly redisKeyPrefix: string;
}

export function rateLimitsConfig(e: EnvOf<typeof rateLimitsEnv>): RateLimitsConfig {
  return Object.freeze({
    authPerMinute: e.RATE_LIMIT_AUTH_PER_MINUTE,
    publicPerMinute: e.RATE_LIMIT_PUBLIC_PER_MINUTE,
    redisUrl: e.REDIS_URL,
    redisKeyPrefix: e.REDIS_KEY_PREFIX,
  });
}
