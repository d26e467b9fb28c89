import { AUTH_BASE_PATH, PRODUCT, SESSION_MAX_AGE_SECONDS, type IdGenerator } from "@tidings/contracts";
import { betterAuth } from "better-auth/minimal";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { customSession } from "better-auth/plugins/custom-session";
import { twoFactor } from "better-auth/plugins/two-factor";
import type { Database } from "../db/client.ts";
import * as schema from "../db/schema/index.ts";
import type { Logger } from "../lib/logger.ts";
import { CLIENT_IP_HEADER } from "../http/client-ip.ts";
import type { AccountsConfig, AccountsService } from "../features/accounts/index.ts";
import type { Mailer } from "../lib/mail/mail-types.ts";
import { accountsPlugin } from "./accounts-plugin.ts";
import { desktopHandoffPlugin } from "./desktop-handoff-plugin.ts";
import { authMail, isEmailChangeToken } from "./auth-mail.ts";
import { profileFieldsPlugin } from "./profile-fields.ts";
import { oidcPlugins, providerList, socialProviders } from "./social.ts";

export interface AuthOptions {
  db: Database;
  ids: IdGenerator;
  logger: Logger;
  accounts: AccountsService;
  secret: string;
  webUrl: string;
  trustedOrigins: readonly string[];
  invitationsRequired: boolean;
  mailer: Mailer;
  /** Unverified e-mail addresses may not sign in; the OAuth providers configured. */
  accountsConfig: Pick<AccountsConfig, "requireEmailVerification" | "github" | "google" | "oidc">;
  /** Removes what an account owns that does not cascade from its row; runs before the delete. */
  beforeDeleteUser: (userId: string) => Promise<void>;
}

/**
 * better-auth, mounted at `/api/better-auth`: e-mail and password accounts (verification, reset and
 * change of e-mail by mail), GitHub, Google and OpenID Connect sign-in and linking, two-factor,
 * database sessions in a 400-day httpOnly SameSite=Lax cookie, and a `get-session` that also
 * answers the role and the invitation an account was activated with.
 */
export function createAuth(options: AuthOptions) {
  const { accounts, mailer, accountsConfig } = options;
  const secure = options.webUrl.startsWith("https://");
  return betterAuth({
    appName: PRODUCT.name,
    baseURL: options.webUrl,
    basePath: AUTH_BASE_PATH,
    secret: options.secret,
    trustedOrigins: [...options.trustedOrigins],
    database: drizzleAdapter(options.db, { provider: "pg", schema, usePlural: true, transaction: true }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      autoSignIn: true,
      requireEmailVerification: accountsConfig.requireEmailVerification,
      // The link opens the web page that asks for the new password and posts it with the token.
      sendResetPassword: async ({ user, token }) => {
        await mailer.send(authMail.resetPassword(user.email, `${options.webUrl}/reset-password?token=${encodeURIComponent(token)}`));
      },
      revokeSessionsOnPasswordReset: true,
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      // Also sends the link that confirms a new address, with `user.email` already the new one.
      sendVerificationEmail: async ({ user, url, token }) => {
        await mailer.send(isEmailChangeToken(token) ? authMail.confirmEmailChange(user.email, url) : authMail.verifyEmail(user.email, url));
      },
    },
    socialProviders: socialProviders(accountsConfig),
    account: {
      accountLinking: { enabled: true, trustedProviders: [], allowDifferentEmails: true },
    },
    session: { expiresIn: SESSION_MAX_AGE_SECONDS, updateAge: 24 * 60 * 60 },
    user: {
      additionalFields: {
        handle: { type: "string", required: false },
        role: { type: "string", required: false, input: false, defaultValue: "trial" },
        isAdmin: { type: "boolean", required: false, input: false, defaultValue: false },
        bio: { type: "string", required: false },
        website: { type: "string", required: false },
        socialLinks: { type: "json", required: false },
      },
      // A verified address changes only when the new one is confirmed; an unverified one at once.
      changeEmail: { enabled: true, updateEmailWithoutVerification: true },
      // Password re-check, or a fresh session for accounts without a password.
      deleteUser: { enabled: true, beforeDelete: async (user) => options.beforeDeleteUser(user.id) },
    },
    advanced: {
      cookiePrefix: "tidings",
      useSecureCookies: secure,
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax", secure },
      database: { generateId: () => options.ids.next() },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      // better-auth skips these checks when it detects a test runner; we test them, so pin them on.
      disableOriginCheck: false,
      disableCSRFCheck: false,
    },
    // Off: its 429 (`{message}` and X-Retry-After, no code) is not the product's, and it counts
    // in the database only. The server's own limits (http/rate-limits.ts, in the database or Redis)
    // cover every better-auth route instead: those taking a password or a code, and every other
    // one asked without a session; password guessing is stopped by the sign-in guard.
    rateLimit: { enabled: false },
    databaseHooks: {
      user: {
        create: {
          // Every account starts as trial; `settleNewAccount` then applies the invitation gate. It
          // runs after the sign-up transaction: the gate lives in the database, and the embedded
          // database has one connection, which that transaction holds.
          before: async (user) => ({ data: { ...user, role: "trial", isAdmin: false } }),
          after: async (user) => {
            await accounts.settleNewAccount(user.id);
          },
        },
      },
    },
    plugins: [
      twoFactor({ issuer: PRODUCT.name }),
      ...oidcPlugins(accountsConfig),
      accountsPlugin({ providers: providerList(accountsConfig) }),
      desktopHandoffPlugin(),
      profileFieldsPlugin(),
      customSession(async ({ user, session }) => {
        const account = user as typeof user & { role?: string; isAdmin?: boolean };
        return {
          user: { ...account, isAdmin: account.isAdmin === true },
          session,
          role: account.role === "user" ? ("user" as const) : ("trial" as const),
          invitation: await accounts.invitationOf(user.id),
        };
      }),
    ],
    logger: {
      log: (level, message, ...args) => {
        options.logger[level]({ auth: args.length ? args : undefined }, message);
      },
    },
    telemetry: { enabled: false },
  });
}

export type Auth = ReturnType<typeof createAuth>;
