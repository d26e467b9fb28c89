import type { Context, MiddlewareHandler } from "hono";
import type { AppEnv, RequestUser } from "../../http/context.ts";
import { requestAddress } from "../../http/request-address.ts";
import type { AppPasswordsService } from "../app-passwords/index.ts";
import type { RequestParams as Params } from "../../http/request-params.ts";

/** The sign-in throttle password sign-in uses (per address and e-mail). */
export interface SignInThrottle {
  retryAfterSeconds(address: string, email: string): Promise<number>;
  recordFailure(address: string, email: string): Promise<void>;
  recordSuccess(address: string, email: string): Promise<void>;
}

export type GreaderEnv = AppEnv & { Variables: { passwordId: string } };

export const unauthorized = (c: Context) => c.text("Unauthorized", 401);

/** `accounts/ClientLogin`: the account's e-mail and an app password give the token, as text or JSON. */
export async function clientLogin(c: Context<GreaderEnv>, params: Params, deps: { appPasswords: AppPasswordsService; throttle: SignInThrottle; trustProxy: boolean }) {
  const email = (params.get("Email") ?? "").trim().toLowerCase().slice(0, 320);
  const address = requestAddress(c, deps.trustProxy);
  const wait = email ? await deps.throttle.retryAfterSeconds(address, email) : 0;
  if (wait > 0) {
    c.header("Retry-After", String(wait));
    return c.text("Error=TooManyAttempts\n", 429);
  }
  const signedIn = await deps.appPasswords.signIn(email, params.get("Passwd") ?? "");
  if (!signedIn) {
    if (email) await deps.throttle.recordFailure(address, email);
    return c.text("Error=BadAuthentication\n", 401);
  }
  await deps.throttle.recordSuccess(address, email);
  const { token } = signedIn;
  if (params.get("output") === "json") return c.json({ SID: token, LSID: "null", Auth: token });
  return c.text(`SID=${token}\nLSID=null\nAuth=${token}\n`);
}

/** Reads `Authorization: GoogleLogin auth=…` into the request's reader; anything else is 401 `Unauthorized`. */
export function requireToken(appPasswords: AppPasswordsService): MiddlewareHandler<GreaderEnv> {
  return async (c, next) => {
    const header = c.req.header("authorization") ?? "";
    const match = /^GoogleLogin\s+auth=(\S+)$/i.exec(header.trim());
    const found = match ? await appPasswords.fromToken(match[1]!) : null;
    if (!found) return unauthorized(c);
    c.set("user", found.user satisfies RequestUser);
    c.set("passwordId", found.passwordId);
    await next();
  };
}

/**
 * A write's `T` edit token, when the app sends one, must be this token's: a wrong one is 401 with
 * `Google-Bad-Token`, after which apps fetch a new one. Apps that send none are let through, as
 * the token in the Authorization header (never a cookie) already shows the request is theirs.
 */
export function editTokenOk(c: Context<GreaderEnv>, params: Params, appPasswords: AppPasswordsService): boolean {
  const sent = params.get("T");
  // Reeder sends `x` and FeedMe an empty one, as FreshRSS lets them.
  if (sent === undefined || sent.trim() === "" || sent.trim() === "x") return true;
  if (sent.trim() === appPasswords.editToken(c.var.passwordId)) return true;
  c.header("Google-Bad-Token", "true");
  return false;
}
