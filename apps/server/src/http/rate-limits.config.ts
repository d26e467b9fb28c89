import { type EnvOf, type EnvShape, integer } from "../config/parsers.ts";

export const rateLimitsEnv = {
  RATE_LIMIT_AUTH_PER_MINUTE: integer("RATE_LIMIT_AUTH_PER_MINUTE", 60, 0, 1_000_000),
  RATE_LIMIT_PUBLIC_PER_MINUTE: integer("RATE_LIMIT_PUBLIC_PER_MINUTE", 600, 0, 10_000_000),
} satisfies EnvShape;

/**
 * Requests one client address may make per minute (0: no limit): `auth` to sign-in, sign-up and
 * password reset (all together, the reader apps' logins included); `public` to any other route
 * without a signed-in session (share pages and pictures, the image proxy, profiles, status, inbox
 * mail, Fever…).
 */
export interface RateLimitsConfig {
  readonly authPerMinute: number;
  readonly publicPerMinute: number;
}

export function rateLimitsConfig(e: EnvOf<typeof rateLimitsEnv>): RateLimitsConfig {
  return Object.freeze({ authPerMinute: e.RATE_LIMIT_AUTH_PER_MINUTE, publicPerMinute: e.RATE_LIMIT_PUBLIC_PER_MINUTE });
}
