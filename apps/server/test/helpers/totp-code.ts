import { expect } from "vitest";
import { cookieFrom, type TestApp } from "./app.ts";
import { secretOf, totpCode as codeFor } from "./totp.ts";

/** The code an authenticator app would show for `totpURI` at `at`, `stepOffset` 30-second steps away. */
export function totpCode(totpURI: string, at = new Date(), stepOffset = 0): string {
  return codeFor(secretOf(totpURI), at.getTime() + stepOffset * 30_000);
}

/**
 * Turns two-factor on through better-auth (`/two-factor/enable`, then `/two-factor/verify-totp`
 * with a computed code) and answers the new session cookie, the TOTP URI and the backup codes.
 */
export async function enableTwoFactor(t: TestApp, cookie: string, password = "correct horse battery") {
  const enabled = await t.request("/api/better-auth/two-factor/enable", { json: { password }, cookie });
  expect(enabled.status, await enabled.clone().text()).toBe(200);
  const { totpURI, backupCodes } = (await enabled.json()) as { totpURI: string; backupCodes: string[] };
  const sessionCookie = cookieFrom(enabled) || cookie;
  const verified = await t.request("/api/better-auth/two-factor/verify-totp", { json: { code: totpCode(totpURI) }, cookie: sessionCookie });
  expect(verified.status, await verified.clone().text()).toBe(200);
  return { cookie: mergeCookies(sessionCookie, cookieFrom(verified)), totpURI, backupCodes };
}

/** `base` with the pairs of `update` replacing those of the same name. */
function mergeCookies(base: string, update: string): string {
  const pairs = new Map<string, string>();
  for (const part of [...base.split("; "), ...update.split("; ")]) {
    if (!part) continue;
    const name = part.slice(0, part.indexOf("="));
    pairs.set(name, part);
  }
  return [...pairs.values()].join("; ");
}
