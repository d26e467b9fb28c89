import { randomBytes } from "node:crypto";

/** How long a sign-in started in the browser may take. */
export const HANDOFF_WAIT_MS = 15 * 60_000;

/**
 * The social sign-ins this shell started: each carries a random state through the browser and
 * back in the deep link. A `tidings://auth` link with a state the shell did not hand out (another
 * site's link, a replay) is refused, so no page can sign the app into someone else's account.
 */
export function createHandoffs(now: () => number = Date.now) {
  const pending = new Map<string, number>();
  return {
    begin(): string {
      const state = randomBytes(16).toString("base64url");
      pending.set(state, now() + HANDOFF_WAIT_MS);
      return state;
    },
    /** True once for a state this shell began and that has not expired. */
    take(state: string): boolean {
      const expires = pending.get(state);
      pending.delete(state);
      for (const [key, at] of pending) if (at < now()) pending.delete(key);
      return expires !== undefined && expires >= now();
    },
  };
}
