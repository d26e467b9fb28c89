import { SESSION_MAX_AGE_SECONDS } from "@tidings/contracts";
import { afterEach, describe, expect, it } from "vitest";
import { FAILURES_PER_ADDRESS } from "../src/features/accounts/sign-in-guard.service.ts";
import { cookieFrom, createTestApp, signUp, type TestApp } from "./helpers/app.ts";

let t: TestApp;
afterEach(async () => t?.close());

async function getSession(cookie?: string) {
  const response = await t.request("/api/better-auth/get-session", cookie ? { cookie } : {});
  expect(response.status).toBe(200);
  return response.json() as Promise<{
    user: { id: string; email: string; isAdmin: boolean };
    role: string;
    invitation: unknown;
  } | null>;
}

describe("auth", () => {
  it("signs up with a 400-day httpOnly SameSite=Lax session cookie", async () => {
    t = await createTestApp();
    const response = await t.request("/api/better-auth/sign-up/email", {
      json: { email: "ann@example.com", password: "correct horse battery", name: "Ann" },
    });
    expect(response.status).toBe(200);
    const cookie = response.headers.getSetCookie().find((line) => line.startsWith("tidings.session_token="));
    expect(cookie).toBeDefined();
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(new RegExp(`Max-Age=${SESSION_MAX_AGE_SECONDS}`));
  });

  it("makes the first account an admin with the user role, and answers role and invitation", async () => {
    t = await createTestApp({ INVITATIONS_REQUIRED: "true" });
    const first = await signUp(t, { email: "first@example.com" });
    const second = await signUp(t, { email: "second@example.com" });
    const a = await getSession(first.cookie);
    expect(a).toMatchObject({ role: "user", invitation: null, user: { email: "first@example.com", isAdmin: true } });
    expect(a!.user.id).toMatch(/^\d{13,19}$/);
    const b = await getSession(second.cookie);
    expect(b).toMatchObject({ role: "trial", user: { isAdmin: false } });
  });

  it("gives later accounts the user role when invitations are not required", async () => {
    t = await createTestApp({ INVITATIONS_REQUIRED: "false" });
    await signUp(t, { email: "first@example.com" });
    const second = await signUp(t, { email: "second@example.com" });
    expect(await getSession(second.cookie)).toMatchObject({ role: "user", user: { isAdmin: false } });
  });

  it("answers null without a session, and after sign-out", async () => {
    t = await createTestApp();
    expect(await getSession()).toBeNull();
    const { cookie } = await signUp(t, { email: "ann@example.com" });
    expect(await getSession(cookie)).not.toBeNull();
    const out = await t.request("/api/better-auth/sign-out", { json: {}, cookie });
    expect(out.status).toBe(200);
    expect(await getSession(cookie)).toBeNull();
  });

  it("signs in with the right password and refuses a wrong one", async () => {
    t = await createTestApp();
    await signUp(t, { email: "ann@example.com", password: "correct horse battery" });
    const wrong = await t.request("/api/better-auth/sign-in/email", {
      json: { email: "ann@example.com", password: "wrong password!" },
    });
    expect(wrong.status).toBe(401);
    const right = await t.request("/api/better-auth/sign-in/email", {
      json: { email: "ANN@example.com", password: "correct horse battery" },
    });
    expect(right.status).toBe(200);
    expect(await getSession(cookieFrom(right))).toMatchObject({ user: { email: "ann@example.com" } });
  });

  it("refuses a duplicate e-mail and a short password, creating nothing", async () => {
    t = await createTestApp();
    await signUp(t, { email: "ann@example.com" });
    const duplicate = await t.request("/api/better-auth/sign-up/email", {
      json: { email: "ann@example.com", password: "another password", name: "Other" },
    });
    expect(duplicate.status).toBe(422);
    const short = await t.request("/api/better-auth/sign-up/email", {
      json: { email: "bob@example.com", password: "short", name: "Bob" },
    });
    expect(short.status).toBe(400);
    const bob = await t.request("/api/better-auth/sign-in/email", {
      json: { email: "bob@example.com", password: "short" },
    });
    expect(bob.status).toBe(401);
  });

  it("locks an account against guessing after repeated failures, and only that account", async () => {
    t = await createTestApp();
    await signUp(t, { email: "ann@example.com", password: "correct horse battery" });
    await signUp(t, { email: "bob@example.com", password: "correct horse battery" });
    const attempt = (email: string, password: string) => t.request("/api/better-auth/sign-in/email", { json: { email, password } });

    // Successful sign-ins never count against anyone.
    for (let i = 0; i < 3; i++) expect((await attempt("ann@example.com", "correct horse battery")).status).toBe(200);
    for (let i = 0; i < FAILURES_PER_ADDRESS; i++) expect((await attempt("ann@example.com", "guess guess")).status).toBe(401);

    const locked = await attempt("ann@example.com", "correct horse battery");
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get("retry-after"))).toBeGreaterThan(800);
    expect(await locked.json()).toMatchObject({ code: 18000, message: expect.stringContaining("Too many failed sign-in attempts") });

    expect((await attempt("bob@example.com", "correct horse battery")).status).toBe(200);
  });

  it("forgets earlier failures after a successful sign-in", async () => {
    t = await createTestApp();
    await signUp(t, { email: "ann@example.com", password: "correct horse battery" });
    const attempt = (password: string) =>
      t.request("/api/better-auth/sign-in/email", { json: { email: "ann@example.com", password } });
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < FAILURES_PER_ADDRESS - 1; i++) expect((await attempt("guess guess")).status).toBe(401);
      expect((await attempt("correct horse battery")).status).toBe(200);
    }
  });

  it("refuses a sign-up posted from a foreign origin", async () => {
    t = await createTestApp();
    const response = await t.app.request("/api/better-auth/sign-up/email", {
      method: "POST",
      headers: { "content-type": "application/json", origin: "https://evil.example", cookie: "x=1" },
      body: JSON.stringify({ email: "ann@example.com", password: "correct horse battery", name: "Ann" }),
    });
    expect(response.status).toBe(403);
  });
});
