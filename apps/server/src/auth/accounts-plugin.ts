import type { AccountInfo, AuthProviders } from "@tidings/contracts";
import type { BetterAuthPlugin } from "better-auth";
import { APIError, createAuthEndpoint, sensitiveSessionMiddleware, sessionMiddleware } from "better-auth/api";
import { z } from "zod";

/** The claims of an id_token, read without verifying it (better-auth verified it at sign-in). */
function idTokenClaims(idToken: string | null | undefined): Record<string, unknown> | null {
  const payload = idToken?.split(".")[1];
  if (!payload) return null;
  try {
    return JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as Record<string, unknown>;
  } catch {
    return null;
  }
}

const text = (value: unknown) => (typeof value === "string" && value !== "" ? value : null);

/**
 * The product's own auth endpoints: `GET /get-providers` (public), `GET /get-account-info`, and
 * `POST /set-password`, which lets an account that signed up through a provider add a password
 * (better-auth only offers that on the server).
 */
export function accountsPlugin(options: { providers: AuthProviders }) {
  return {
    id: "tidings-accounts",
    endpoints: {
      getProviders: createAuthEndpoint("/get-providers", { method: "GET" }, async (ctx) => ctx.json(options.providers)),

      getAccountInfo: createAuthEndpoint("/get-account-info", { method: "GET", use: [sessionMiddleware] }, async (ctx) => {
        const { user } = ctx.context.session;
        const rows = await ctx.context.internalAdapter.findAccounts(user.id);
        const info: AccountInfo[] = rows.map((row) => {
          if (row.providerId === "credential") {
            return { id: row.id, provider: "credential", profile: { id: user.id, email: user.email, name: user.name, image: user.image ?? null } };
          }
          const claims = idTokenClaims(row.idToken);
          return {
            id: row.id,
            provider: row.providerId,
            profile: { id: row.accountId, email: text(claims?.email), name: text(claims?.name), image: text(claims?.picture) },
          };
        });
        return ctx.json(info);
      }),

      setPassword: createAuthEndpoint(
        "/set-password",
        { method: "POST", use: [sensitiveSessionMiddleware], body: z.object({ newPassword: z.string() }) },
        async (ctx) => {
          const { newPassword } = ctx.body;
          const { minPasswordLength, maxPasswordLength } = ctx.context.password.config;
          if (newPassword.length < minPasswordLength) throw APIError.from("BAD_REQUEST", { code: "PASSWORD_TOO_SHORT", message: "Password too short" });
          if (newPassword.length > maxPasswordLength) throw APIError.from("BAD_REQUEST", { code: "PASSWORD_TOO_LONG", message: "Password too long" });
          const userId = ctx.context.session.user.id;
          const account = await ctx.context.internalAdapter.findCredentialAccount(userId);
          if (account?.password) {
            throw APIError.from("BAD_REQUEST", { code: "PASSWORD_ALREADY_SET", message: "This account already has a password; change it instead" });
          }
          const hash = await ctx.context.password.hash(newPassword);
          if (account) await ctx.context.internalAdapter.updateAccount(account.id, { password: hash });
          else await ctx.context.internalAdapter.linkAccount({ userId, providerId: "credential", accountId: userId, password: hash });
          return ctx.json({ status: true });
        },
      ),
    },
  } satisfies BetterAuthPlugin;
}
