import { createHash, randomBytes } from "node:crypto";
import type { BetterAuthPlugin } from "better-auth";
import { APIError, createAuthEndpoint, sessionMiddleware } from "better-auth/api";
import { setSessionCookie } from "better-auth/cookies";
import { z } from "zod";

/** How long a hand-off code may wait for the desktop app to redeem it. */
export const HANDOFF_TTL_MS = 2 * 60_000;

/** Codes are kept by their hash only: a leaked database row cannot be redeemed. */
const identifierOf = (code: string) => `desktop-handoff:${createHash("sha256").update(code, "utf8").digest("base64url")}`;

/**
 * The desktop shell's social sign-in (spec §2): the shell opens `{web}/login?provider=X` in the
 * system browser; once signed in there, the page asks `POST /desktop-handoff` for a one-time
 * code and hands it to the shell through a `tidings://auth?code=…&state=…` link; the shell's
 * window redeems it with `POST /desktop-handoff/redeem`, which starts a session of its own (a
 * cookie of the shell's window, not the browser's). A code works once, for two minutes, and
 * only its hash is stored; the browser's session is never handed over.
 */
export function desktopHandoffPlugin() {
  return {
    id: "tidings-desktop-handoff",
    endpoints: {
      createDesktopHandoff: createAuthEndpoint("/desktop-handoff", { method: "POST", use: [sessionMiddleware] }, async (ctx) => {
        const code = randomBytes(32).toString("base64url");
        const expiresAt = new Date(Date.now() + HANDOFF_TTL_MS);
        await ctx.context.internalAdapter.createVerificationValue({ identifier: identifierOf(code), value: ctx.context.session.user.id, expiresAt });
        return ctx.json({ code, expiresAt: expiresAt.toISOString() });
      }),

      redeemDesktopHandoff: createAuthEndpoint(
        "/desktop-handoff/redeem",
        { method: "POST", body: z.object({ code: z.string().min(1).max(200) }) },
        async (ctx) => {
          // Consumed atomically: of two redeemers of one code, one gets a session.
          const row = await ctx.context.internalAdapter.consumeVerificationValue(identifierOf(ctx.body.code));
          if (!row) throw APIError.from("BAD_REQUEST", { code: "INVALID_HANDOFF_CODE", message: "This sign-in link has expired or was already used; sign in again from the app" });
          const user = await ctx.context.internalAdapter.findUserById(row.value);
          if (!user) throw APIError.from("BAD_REQUEST", { code: "INVALID_HANDOFF_CODE", message: "This sign-in link has expired or was already used; sign in again from the app" });
          const session = await ctx.context.internalAdapter.createSession(user.id);
          await setSessionCookie(ctx, { session, user });
          return ctx.json({ user: { id: user.id, email: user.email, name: user.name } });
        },
      ),
    },
  } satisfies BetterAuthPlugin;
}
