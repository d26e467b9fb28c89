import { Hono } from "hono";
import type { SignInGuard } from "../features/accounts/index.ts";
import type { AppEnv } from "../http/context.ts";
import type { Auth } from "./auth.ts";
import { requestAddress as addressOf } from "../http/request-address.ts";
import { withClientAddress } from "../http/client-ip.ts";
import { tooManyRequests } from "../http/rate-limits.ts";

async function emailOf(request: Request): Promise<string> {
  const body = (await request.clone().json().catch(() => null)) as { email?: unknown } | null;
  return typeof body?.email === "string" ? body.email.trim().toLowerCase() : "";
}

/** The wording spec §5 gives a wrong two-factor code (better-auth says "Invalid code"). */
export const INVALID_TOTP_MESSAGE = "Invalid TOTP code.";

/** The same response, with better-auth's wrong-code answer worded as the product words it. */
async function withTotpWording(response: Response): Promise<Response> {
  if (response.ok || !response.headers.get("content-type")?.includes("application/json")) return response;
  const body = (await response.clone().json().catch(() => null)) as { code?: unknown } | null;
  if (body?.code !== "INVALID_CODE") return response;
  const headers = new Headers(response.headers);
  headers.delete("content-length");
  return new Response(JSON.stringify({ ...body, message: INVALID_TOTP_MESSAGE }), { status: response.status, headers });
}

/**
 * Hands every `/api/better-auth/*` request to better-auth with the client address attached, and
 * guards password sign-in against guessing (see {@link SignInGuard}).
 */
export function authRoutes(auth: () => Promise<Auth>, options: { trustProxy: boolean; signInGuard: SignInGuard }) {
  const { signInGuard } = options;
  return new Hono<AppEnv>()
    .post("/sign-in/email", async (c) => {
      const address = addressOf(c, options.trustProxy);
      const email = await emailOf(c.req.raw);
      const wait = await signInGuard.retryAfterSeconds(address, email);
      if (wait > 0) {
        const message = `Too many failed sign-in attempts. Try again in ${Math.ceil(wait / 60)} minutes.`;
        return tooManyRequests(c, wait, { message, reason: "Failed sign-ins to this account or from this address are limited" });
      }
      const response = await (await auth()).handler(withClientAddress(c.req.raw, address));
      if (response.status === 401) await signInGuard.recordFailure(address, email);
      else if (response.ok) await signInGuard.recordSuccess(address, email);
      return response;
    })
    .post("/two-factor/verify-totp", async (c) =>
      withTotpWording(await (await auth()).handler(withClientAddress(c.req.raw, addressOf(c, options.trustProxy)))),
    )
    .on(["GET", "POST"], "/*", async (c) => (await auth()).handler(withClientAddress(c.req.raw, addressOf(c, options.trustProxy))));
}
