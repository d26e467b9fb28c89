import type { RequestUser } from "./context.ts";

/** How long a resolved session is reused before better-auth is asked again. */
export const SESSION_CACHE_TTL_MS = 10_000;
const MAX_SESSIONS = 10_000;

export interface CachedSession {
  user: RequestUser;
  sessionId: string;
}

/** better-auth's session cookie (`tidings.session_token`, `__Secure-` on HTTPS): token.signature. */
const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?tidings\.session_token=([^;]+)/;

/** The signed session token a request carries, or null. */
export function sessionTokenOf(cookieHeader: string | null): string | null {
  if (!cookieHeader) return null;
  return SESSION_COOKIE.exec(cookieHeader)?.[1] ?? null;
}

/**
 * Sessions resolved in the last {@link SESSION_CACHE_TTL_MS}, keyed by their signed cookie value,
 * so a reader's burst of requests costs one session lookup (two queries) instead of one per
 * request. Only found sessions are kept; the session middleware forgets a token when it writes and
 * the auth routes forget every token on anything they change (sign-out, revocation, e-mail, password),
 * so within this process a change applies to the next request; other processes serving the same
 * database see it within the TTL.
 */
export function createSessionCache(options: { ttlMs?: number; max?: number; now?: () => number } = {}) {
  const ttlMs = options.ttlMs ?? SESSION_CACHE_TTL_MS;
  const max = options.max ?? MAX_SESSIONS;
  const now = options.now ?? (() => performance.now());
  const entries = new Map<string, CachedSession & { until: number }>();

  return {
    get(token: string): CachedSession | null {
      const entry = entries.get(token);
      if (!entry) return null;
      if (entry.until <= now()) {
        entries.delete(token);
        return null;
      }
      return entry;
    },
    /** Keeps a session until the TTL or its own expiry, whichever is first. */
    set(token: string, session: CachedSession, expiresAt: Date): void {
      const left = expiresAt.getTime() - Date.now();
      if (left <= 0) return;
      entries.delete(token);
      if (entries.size >= max) entries.delete(entries.keys().next().value!);
      entries.set(token, { ...session, until: now() + Math.min(ttlMs, left) });
    },
    forget(token: string): void {
      entries.delete(token);
    },
    clear(): void {
      entries.clear();
    },
    get size() {
      return entries.size;
    },
  };
}

export type SessionCache = ReturnType<typeof createSessionCache>;
