import { ErrorCode } from "@tidings/contracts";
import type { MiddlewareHandler } from "hono";
import { AppError } from "../errors.ts";
import type { AppEnv, RequestUser } from "./context.ts";
import { type CachedSession, type SessionCache, sessionTokenOf } from "./session-cache.ts";

const READ_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
/**
 * Writes that never touch what a session carries (name, e-mail, role, admin flag): reading,
 * starring, subscribing, tipping… keep the cached session. Any other write (using an invitation
 * makes a trial account a user) drops it; better-auth's own routes clear every cached session.
 */
const KEEPS_SESSION = /^\/api\/(?:entries|reads|collections|subscriptions|categories|lists|inboxes|actions|ai|search|discover|integrations|messaging|rsshub|wallets|boosts|achievement|feeds|upload)(?:\/|$)/;

/** Where sessions come from (the auth layer's `api.getSession`): what a session cookie stands for, or null. */
export interface SessionSource {
  getSession(request: { headers: Headers }): Promise<{
    user: { id: string; email: string; name: string; isAdmin?: boolean | null };
    role: RequestUser["role"];
    session: { id: string; expiresAt: Date | string };
  } | null>;
}

async function lookUp(sessions: SessionSource, headers: Headers): Promise<(CachedSession & { expiresAt: Date }) | null> {
  const found = await sessions.getSession({ headers });
  if (!found) return null;
  return {
    user: {
      id: found.user.id,
      email: found.user.email,
      name: found.user.name,
      role: found.role,
      isAdmin: found.user.isAdmin === true,
    },
    sessionId: found.session.id,
    expiresAt: new Date(found.session.expiresAt),
  };
}

/**
 * Reads the session cookie into `c.var.user`. With `required`, a visitor without a session is
 * answered 401 with code 1000. Sessions come from `cache` when it holds them; a request that writes
 * something a session carries drops its own session from the cache once answered, so a role or
 * profile it changed shows at once.
 */
export function session(sessions: SessionSource, options: { required: boolean; cache?: SessionCache }): MiddlewareHandler<AppEnv> {
  const { cache } = options;
  return async (c, next) => {
    const token = cache ? sessionTokenOf(c.req.header("cookie") ?? null) : null;
    // Read once per request: a middleware before the route (the rate limits) may have read it already.
    if (c.var.user === undefined) {
      let found: CachedSession | null = token ? cache!.get(token) : null;
      if (!found) {
        const looked = await lookUp(sessions, c.req.raw.headers);
        if (looked && token) cache!.set(token, looked, looked.expiresAt);
        found = looked;
      }
      c.set("user", found ? { ...found.user } : null);
      c.set("sessionId", found?.sessionId ?? null);
    }
    if (!c.var.user && options.required) throw new AppError(ErrorCode.Unauthorized);
    try {
      await next();
    } finally {
      if (token && !READ_METHODS.has(c.req.method) && !KEEPS_SESSION.test(c.req.path)) cache!.forget(token);
    }
  };
}

/** The signed-in user of a route behind `session(auth, { required: true })`. */
export function currentUser(c: { var: AppEnv["Variables"] }): RequestUser {
  if (!c.var.user) throw new AppError(ErrorCode.Unauthorized);
  return c.var.user;
}
