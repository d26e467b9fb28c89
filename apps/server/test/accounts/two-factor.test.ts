import { afterEach, describe, expect, it } from "vitest";
import { cookieFrom, createTestApp, signUp, type TestApp } from "../helpers/app.ts";
import { joinCookies } from "../helpers/oauth-flow.ts";
import { secretOf, totpCode } from "../helpers/totp.ts";

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const PASSWORD = "correct horse battery";

/** A six-digit code that is surely not `code`. */
const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0");

async function sessionUser(t: TestApp, cookie: string) {
  const response = await t.request("/api/better-auth/get-session", { cookie });
  return ((await response.json()) as { user: { twoFactorEnabled: boolean } } | null)?.user ?? null;
}

/** Signs up and turns two-factor on; answers the TOTP secret, the backup codes and a session. */
async function enableTwoFactor(t: TestApp) {
  const { cookie } = await signUp(t, { email: "ann@example.com", password: PASSWORD });
  const noPassword = await t.request("/api/better-auth/two-factor/enable", { json: {}, cookie });
  expect(noPassword.status).toBe(400);
  const wrongPassword = await t.request("/api/better-auth/two-factor/enable", { json: { password: "not my password" }, cookie });
  expect(wrongPassword.status).toBe(400);

  const enabled = await t.request("/api/better-auth/two-factor/enable", { json: { password: PASSWORD }, cookie });
  expect(enabled.status).toBe(200);
  const { totpURI, backupCodes } = (await enabled.json()) as { totpURI: string; backupCodes: string[] };
  expect(totpURI).toMatch(/^otpauth:\/\/totp\/Tidings/);
  expect(backupCodes.length).toBeGreaterThanOrEqual(8);
  expect((await sessionUser(t, cookie))?.twoFactorEnabled).toBe(false);

  const secret = secretOf(totpURI);
  const wrong = await t.request("/api/better-auth/two-factor/verify-totp", { json: { code: otherCode(totpCode(secret)) }, cookie });
  expect(wrong.status).toBeGreaterThanOrEqual(400);
  expect(await wrong.json()).toMatchObject({ message: "Invalid TOTP code." });

  const verified = await t.request("/api/better-auth/two-factor/verify-totp", { json: { code: totpCode(secret) }, cookie });
  expect(verified.status).toBe(200);
  const session = cookieFrom(verified);
  expect((await sessionUser(t, session))?.twoFactorEnabled).toBe(true);
  return { secret, backupCodes, cookie: session };
}

/** Password sign-in of an account with two-factor on: no session yet, a two-factor cookie. */
async function signInFirstStep(t: TestApp) {
  const response = await t.request("/api/better-auth/sign-in/email", { json: { email: "ann@example.com", password: PASSWORD } });
  expect(response.status).toBe(200);
  expect(await response.json()).toMatchObject({ twoFactorRedirect: true });
  const cookie = cookieFrom(response);
  expect(cookie).not.toMatch(/tidings\.session_token=[^;]/);
  return cookie;
}

describe("two-factor authentication", () => {
  it("enables TOTP with the password, then asks sign-in for the code and refuses a wrong one", async () => {
    t = await createTestApp();
    const { secret, cookie } = await enableTwoFactor(t);
    await t.request("/api/better-auth/sign-out", { json: {}, cookie });

    const pending = await signInFirstStep(t);
    const wrong = await t.request("/api/better-auth/two-factor/verify-totp", { json: { code: otherCode(totpCode(secret)) }, cookie: pending });
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toMatchObject({ code: "INVALID_CODE", message: "Invalid TOTP code." });

    const right = await t.request("/api/better-auth/two-factor/verify-totp", { json: { code: totpCode(secret) }, cookie: pending });
    expect(right.status).toBe(200);
    const session = cookieFrom(right);
    expect(session).toMatch(/tidings\.session_token=[^;]/);
    expect(await sessionUser(t, session)).toMatchObject({ twoFactorEnabled: true });
  });

  it("signs in once with each backup code, and regenerating them retires the old ones", async () => {
    t = await createTestApp();
    const { backupCodes, cookie } = await enableTwoFactor(t);
    const [first, second] = backupCodes as [string, string];
    await t.request("/api/better-auth/sign-out", { json: {}, cookie });

    const pending = await signInFirstStep(t);
    const used = await t.request("/api/better-auth/two-factor/verify-backup-code", { json: { code: first }, cookie: pending });
    expect(used.status).toBe(200);
    const session = cookieFrom(used);
    expect(await sessionUser(t, session)).not.toBeNull();

    const again = await t.request("/api/better-auth/two-factor/verify-backup-code", { json: { code: first }, cookie: await signInFirstStep(t) });
    expect(again.status).toBe(401);

    const noPassword = await t.request("/api/better-auth/two-factor/generate-backup-codes", { json: {}, cookie: session });
    expect(noPassword.status).toBe(400);
    const regenerated = await t.request("/api/better-auth/two-factor/generate-backup-codes", { json: { password: PASSWORD }, cookie: session });
    expect(regenerated.status).toBe(200);
    const fresh = ((await regenerated.json()) as { backupCodes: string[] }).backupCodes;
    expect(fresh).not.toContain(second);

    const retired = await t.request("/api/better-auth/two-factor/verify-backup-code", { json: { code: second }, cookie: await signInFirstStep(t) });
    expect(retired.status).toBe(401);
    const current = await t.request("/api/better-auth/two-factor/verify-backup-code", { json: { code: fresh[0] }, cookie: await signInFirstStep(t) });
    expect(current.status).toBe(200);
  });

  it("disables two-factor only with the password; sign-in then needs no code", async () => {
    t = await createTestApp();
    const { cookie } = await enableTwoFactor(t);
    const refused = await t.request("/api/better-auth/two-factor/disable", { json: { password: "not my password" }, cookie });
    expect(refused.status).toBe(400);
    const disabled = await t.request("/api/better-auth/two-factor/disable", { json: { password: PASSWORD }, cookie });
    expect(disabled.status).toBe(200);
    const session = joinCookies(cookie, cookieFrom(disabled));
    expect(await sessionUser(t, session)).toMatchObject({ twoFactorEnabled: false });

    const signIn = await t.request("/api/better-auth/sign-in/email", { json: { email: "ann@example.com", password: PASSWORD } });
    expect(signIn.status).toBe(200);
    expect(await signIn.json()).not.toHaveProperty("twoFactorRedirect");
    expect(cookieFrom(signIn)).toMatch(/tidings\.session_token=[^;]/);
  });
});
