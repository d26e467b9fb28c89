import { createHmac } from "node:crypto";
import { expect } from "vitest";
import { cookieFrom, type TestApp } from "./app.ts";

/**
 * The RFC 6238 code an authenticator app would show for `totpURI` (SHA-1, 6 digits, 30 s), at
 * `at`. Written here on its own, not shared with the server, so a wrong server fails the tests.
 */
export function totpCode(totpURI: string, at = new Date(), stepOffset = 0): string {
  const secret = new URL(totpURI).searchParams.get("secret");
  if (!secret) throw new Error(`no secret in ${totpURI}`);
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
  let bits = "";
  for (const char of secret.replace(/=+$/, "").toUpperCase()) bits += alphabet.indexOf(char).toString(2).padStart(5, "0");
  const key = Buffer.from((bits.match(/.{8}/g) ?? []).map((byte) => parseInt(byte, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at.getTime() / 30_000) + stepOffset));
  const mac = createHmac("sha1", key).update(counter).digest();
  const offset = mac[19]! & 0xf;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, "0");
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
