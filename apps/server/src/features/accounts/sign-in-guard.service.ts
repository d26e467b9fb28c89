import type { Clock } from "../../lib/clock.ts";
import type { SignInFailuresRepo } from "./sign-in-failures.repo.ts";

const WINDOW_MS = 15 * 60 * 1000;
const LOCK_MS = 15 * 60 * 1000;
/** Failed attempts allowed from one address on one account in the window. */
export const FAILURES_PER_ADDRESS = 5;
/** Failed attempts allowed on one account from all addresses together in the window. */
export const FAILURES_PER_ACCOUNT = 20;

const keysFor = (address: string, email: string) => ({ pair: `pair:${address}:${email}`, account: `account:${email}` });

/**
 * Brute-force protection for password sign-in: failures are counted per (address, e-mail) and per
 * e-mail; past the limits the pair (or the account) is locked for 15 minutes. Successful sign-ins
 * and other visitors are never slowed down.
 */
export function createSignInGuard(deps: { repo: SignInFailuresRepo; clock: Clock }) {
  const { repo, clock } = deps;
  return {
    /** Seconds until the pair may try again, or 0 when it may try now. */
    async retryAfterSeconds(address: string, email: string): Promise<number> {
      const keys = keysFor(address, email);
      const rows = await repo.find([keys.pair, keys.account]);
      const now = clock.now().getTime();
      const lockedUntil = Math.max(0, ...rows.map((row) => row.lockedUntil?.getTime() ?? 0));
      return lockedUntil > now ? Math.ceil((lockedUntil - now) / 1000) : 0;
    },

    async recordFailure(address: string, email: string): Promise<void> {
      const keys = keysFor(address, email);
      const at = clock.now();
      await repo.record(keys.pair, at, { windowMs: WINDOW_MS, limit: FAILURES_PER_ADDRESS, lockMs: LOCK_MS });
      await repo.record(keys.account, at, { windowMs: WINDOW_MS, limit: FAILURES_PER_ACCOUNT, lockMs: LOCK_MS });
    },

    async recordSuccess(address: string, email: string): Promise<void> {
      await repo.clear([keysFor(address, email).pair]);
    },
  };
}

export type SignInGuard = ReturnType<typeof createSignInGuard>;
