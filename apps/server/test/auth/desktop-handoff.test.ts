import { afterEach, describe, expect, it } from "vitest";
import { cookieFrom, createTestApp, signUp, type TestApp } from "../helpers/app.ts";

let t: TestApp;
afterEach(async () => t?.close());

async function sessionUser(cookie?: string): Promise<string | null> {
  const response = await t.request("/api/better-auth/get-session", cookie ? { cookie } : {});
  const body = (await response.json()) as { user: { id: string } } | null;
  return body?.user.id ?? null;
}

async function createCode(cookie: string): Promise<string> {
  const response = await t.request("/api/better-auth/desktop-handoff", { json: {}, cookie });
  expect(response.status).toBe(200);
  const body = (await response.json()) as { code: string; expiresAt: string };
  expect(Date.parse(body.expiresAt) - Date.now()).toBeGreaterThan(60_000);
  return body.code;
}

describe("desktop sign-in hand-off", () => {
  it("gives the desktop window a session of its own for a one-time code", async () => {
    t = await createTestApp();
    const browser = await signUp(t, { email: "ann@example.com" });
    const code = await createCode(browser.cookie);
    const redeemed = await t.request("/api/better-auth/desktop-handoff/redeem", { json: { code } });
    expect(redeemed.status).toBe(200);
    const desktop = cookieFrom(redeemed);
    expect(desktop).toMatch(/^tidings\.session_token=/);
    expect(desktop).not.toBe(browser.cookie);
    expect(await sessionUser(desktop)).toBe(await sessionUser(browser.cookie));
    // Signing out in the browser does not sign the desktop out: two sessions.
    await t.request("/api/better-auth/sign-out", { json: {}, cookie: browser.cookie });
    expect(await sessionUser(desktop)).not.toBeNull();
  });

  it("refuses a code twice, an unknown code, and a request without a session", async () => {
    t = await createTestApp();
    const browser = await signUp(t, { email: "ann@example.com" });
    const code = await createCode(browser.cookie);
    expect((await t.request("/api/better-auth/desktop-handoff/redeem", { json: { code } })).status).toBe(200);
    const again = await t.request("/api/better-auth/desktop-handoff/redeem", { json: { code } });
    expect(again.status).toBe(400);
    expect(await again.json()).toMatchObject({ code: "INVALID_HANDOFF_CODE" });
    expect(again.headers.getSetCookie().some((line) => /session_token=[^;]/.test(line))).toBe(false);
    const unknown = await t.request("/api/better-auth/desktop-handoff/redeem", { json: { code: "not-a-code" } });
    expect(unknown.status).toBe(400);
    const empty = await t.request("/api/better-auth/desktop-handoff/redeem", { json: {} });
    expect(empty.status).toBe(400);
    const anonymous = await t.request("/api/better-auth/desktop-handoff", { json: {} });
    expect(anonymous.status).toBe(401);
  });

  it("lets only one of two concurrent redeemers in", async () => {
    t = await createTestApp();
    const browser = await signUp(t, { email: "ann@example.com" });
    const code = await createCode(browser.cookie);
    const answers = await Promise.all([1, 2, 3].map(() => t.request("/api/better-auth/desktop-handoff/redeem", { json: { code } })));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400, 400]);
  });
});
