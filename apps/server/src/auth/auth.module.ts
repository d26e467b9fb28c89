import { AUTH_BASE_PATH } from "@tidings/contracts";
import { Hono } from "hono";
import type { AccountsModule } from "../features/accounts/index.ts";
import type { RouteGuards } from "../features/module.ts";
import type { AppEnv } from "../http/context.ts";
import { session } from "../http/session.ts";
import { createSessionCache } from "../http/session-cache.ts";
import type { Mailer } from "../lib/mail/mail-types.ts";
import type { Platform } from "../platform.ts";
import { createAccountDeletionRepo } from "./account-deletion.repo.ts";
import type { AuthConfig } from "./auth.config.ts";
import type { Auth, createAuth } from "./auth.ts";
import { authRoutes } from "./auth.routes.ts";

export interface AuthPorts {
  platform: Pick<Platform, "db" | "ids" | "logger" | "secret">;
  accounts: Pick<AccountsModule, "accounts" | "signInGuard">;
  config: { auth: AuthConfig; accounts: Parameters<typeof createAuth>[0]["accountsConfig"]; webUrl: string; trustedOrigins: readonly string[]; trustProxy: boolean };
  mailer: Mailer;
}

/**
 * Sign-in, sessions and accounts' own routes (better-auth under AUTH_BASE_PATH), and the session
 * middleware every feature's routes use. Sessions are cached for a little while; whatever
 * better-auth changes (sign-out, revoked sessions, e-mail, password, deletion) may end or alter
 * them, so its routes other than reading the session forget them all.
 */
export function createAuthModule(ports: AuthPorts) {
  const { db, ids, logger, secret } = ports.platform;
  const { config } = ports;
  // better-auth is loaded when first needed (a request, or warm() at a server's start): a process
  // that serves no request (`cli refresh`, the refresh worker) never loads it, a third of a second
  // and megabytes of heap.
  let loading: Promise<Auth> | null = null;
  const load = (): Promise<Auth> =>
    (loading ??= import("./auth.ts").then(({ createAuth }) =>
      createAuth({
        db,
        ids,
        logger: logger.child({ module: "auth" }),
        accounts: ports.accounts.accounts,
        secret,
        webUrl: config.webUrl,
        trustedOrigins: config.trustedOrigins,
        invitationsRequired: config.auth.invitationsRequired,
        mailer: ports.mailer,
        accountsConfig: config.accounts,
        beforeDeleteUser: createAccountDeletionRepo(db).removeLeftovers,
      }),
    ));
  const sessions = createSessionCache();
  const source = { getSession: async (request: { headers: Headers }) => (await load()).api.getSession(request) };
  const guards: RouteGuards = {
    requireUser: session(source, { required: true, cache: sessions }),
    optionalUser: session(source, { required: false, cache: sessions }),
  };
  const routes = new Hono<AppEnv>()
    .use("*", async (c, next) => {
      try {
        await next();
      } finally {
        if (c.req.path !== `${AUTH_BASE_PATH}/get-session`) sessions.clear();
      }
    })
    .route("/", authRoutes(load, { trustProxy: config.trustProxy, signInGuard: ports.accounts.signInGuard }));
  return {
    /** better-auth, loaded on first use. */
    auth: load,
    /** Loads better-auth now (a server, before it listens), so that no first request waits for it. */
    warm: async (): Promise<void> => {
      await load();
    },
    guards,
    routes,
  };
}

export type AuthModule = ReturnType<typeof createAuthModule>;
