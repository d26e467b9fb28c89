import { afterEach, describe, expect, it } from "vitest";
import { cookieFrom, createTestApp, signUp, type TestApp } from "../helpers/app.ts";

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const PASSWORD = "correct horse battery";

async function signIn(t: TestApp, password = PASSWORD, userAgent = "Test Browser") {
  const response = await t.request("/api/better-auth/sign-in/email", {
    json: { email: "ann@example.com", password },
    headers: { "user-agent": userAgent },
  });
  expect(response.status).toBe(200);
  return cookieFrom(response);
}

async function isSignedIn(t: TestApp, cookie: string) {
  const response = await t.request("/api/better-auth/get-session", { cookie });
  return (await response.json()) !== null;
}

async function listSessions(t: TestApp, cookie: string) {
  const response = await t.request("/api/better-auth/list-sessions", { cookie });
  expect(response.status).toBe(200);
  return (await response.json()) as { id: string; token: string; userAgent: string | null; ipAddress: string | null }[];
}

describe("sessions", () => {
  it("lists the account's sessions and revokes one by its token", async () => {
    t = await createTestApp();
    const { cookie: first } = await signUp(t, { email: "ann@example.com", password: PASSWORD });
    const laptop = await signIn(t, PASSWORD, "Laptop");
    const phone = await signIn(t, PASSWORD, "Phone");
    await signUp(t, { email: "bob@example.com" });

    const sessions = await listSessions(t, first);
    expect(sessions).toHaveLength(3);
    expect(sessions.map((session) => session.userAgent)).toEqual(expect.arrayContaining(["Laptop", "Phone"]));
    const phoneSession = sessions.find((session) => session.userAgent === "Phone")!;

    const revoked = await t.request("/api/better-auth/revoke-session", { json: { token: phoneSession.token }, cookie: first });
    expect(revoked.status).toBe(200);
    expect(await isSignedIn(t, phone)).toBe(false);
    expect(await isSignedIn(t, laptop)).toBe(true);
    expect(await listSessions(t, first)).toHaveLength(2);
  });

  it("revokes the other sessions, then all of them", async () => {
    t = await createTestApp();
    const { cookie: first } = await signUp(t, { email: "ann@example.com", password: PASSWORD });
    const second = await signIn(t);
    const third = await signIn(t);

    expect((await t.request("/api/better-auth/revoke-other-sessions", { json: {}, cookie: first })).status).toBe(200);
    expect(await isSignedIn(t, first)).toBe(true);
    expect(await isSignedIn(t, second)).toBe(false);
    expect(await isSignedIn(t, third)).toBe(false);

    const fourth = await signIn(t);
    expect((await t.request("/api/better-auth/revoke-sessions", { json: {}, cookie: first })).status).toBe(200);
    expect(await isSignedIn(t, first)).toBe(false);
    expect(await isSignedIn(t, fourth)).toBe(false);
  });

  it("answers 401 to session calls without a session", async () => {
    t = await createTestApp();
    expect((await t.request("/api/better-auth/list-sessions")).status).toBe(401);
    expect((await t.request("/api/better-auth/revoke-other-sessions", { json: {} })).status).toBe(401);
  });
});

describe("change password", () => {
  it("needs the current password, and keeps other sessions unless asked to revoke them", async () => {
    t = await createTestApp();
    const { cookie } = await signUp(t, { email: "ann@example.com", password: PASSWORD });
    const other = await signIn(t);

    const wrong = await t.request("/api/better-auth/change-password", {
      json: { currentPassword: "not my password", newPassword: "second password" },
      cookie,
    });
    expect(wrong.status).toBe(400);

    const kept = await t.request("/api/better-auth/change-password", { json: { currentPassword: PASSWORD, newPassword: "second password" }, cookie });
    expect(kept.status).toBe(200);
    expect(await isSignedIn(t, other)).toBe(true);

    const revoking = await t.request("/api/better-auth/change-password", {
      json: { currentPassword: "second password", newPassword: "third password", revokeOtherSessions: true },
      cookie,
    });
    expect(revoking.status).toBe(200);
    expect(((await revoking.json()) as { token: string | null }).token).toBeTruthy();
    const renewed = cookieFrom(revoking);
    expect(await isSignedIn(t, renewed)).toBe(true);
    expect(await isSignedIn(t, other)).toBe(false);

    const attempt = (password: string) => t!.request("/api/better-auth/sign-in/email", { json: { email: "ann@example.com", password } });
    expect((await attempt(PASSWORD)).status).toBe(401);
    expect((await attempt("third password")).status).toBe(200);
  });
});
