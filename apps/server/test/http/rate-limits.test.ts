import { afterEach, describe, expect, it } from "vitest";
import { createTestApp, signUp, type TestApp } from "../helpers/app.ts";

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

/** A clock the test moves. */
function movableClock(start = Date.parse("2026-01-01T00:00:10Z")) {
  let now = start;
  return { now: () => new Date(now), advance: (ms: number) => (now += ms) };
}

describe("rate limits", () => {
  it("answers 429 with code 18000 and Retry-After past RATE_LIMIT_AUTH_PER_MINUTE sign-up, sign-in and reset requests from one address, and lets them through in the next minute", async () => {
    const clock = movableClock();
    t = await createTestApp({ RATE_LIMIT_AUTH_PER_MINUTE: "3" }, { clock });
    await signUp(t, { email: "a@example.com" });
    expect((await t.request("/api/better-auth/sign-in/email", { json: { email: "a@example.com", password: "wrong password!" } })).status).toBe(401);
    expect((await t.request("/api/better-auth/request-password-reset", { json: { email: "a@example.com", redirectTo: "/reset-password" } })).status).toBe(200);
    const refused = await t.request("/api/better-auth/sign-in/email", { json: { email: "a@example.com", password: "correct horse battery" } });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBe(50);
    expect(await refused.json()).toMatchObject({ code: 18000, message: "Too many requests" });
    // Other better-auth routes are not counted by this limit.
    expect((await t.request("/api/better-auth/get-session")).status).toBe(200);
    clock.advance(50_000);
    expect((await t.request("/api/better-auth/sign-in/email", { json: { email: "a@example.com", password: "correct horse battery" } })).status).toBe(200);
  });

  it("counts the Google Reader login with the sign-ins", async () => {
    t = await createTestApp({ RATE_LIMIT_AUTH_PER_MINUTE: "1" });
    const login = () => t!.request("/api/greader/accounts/ClientLogin", { method: "POST", body: new URLSearchParams({ Email: "x@example.com", Passwd: "nope" }) });
    expect((await login()).status).not.toBe(429);
    expect((await login()).status).toBe(429);
  });

  it("limits requests without a session to RATE_LIMIT_PUBLIC_PER_MINUTE, never a signed-in reader's, per client address", async () => {
    t = await createTestApp({ RATE_LIMIT_PUBLIC_PER_MINUTE: "2", TRUST_PROXY: "true" });
    const { cookie } = await signUp(t, { email: "reader@example.com" });
    const from = (address: string) => ({ headers: { "x-forwarded-for": address } });
    expect((await t.request("/api/status/configs", from("203.0.113.1"))).status).toBe(200);
    expect((await t.request("/api/profiles?handle=nobody", from("203.0.113.1"))).status).not.toBe(429);
    const refused = await t.request("/share/feeds/1", from("203.0.113.1"));
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(((await refused.json()) as { code: number }).code).toBe(18000);
    // Requests to private routes without a session count too.
    expect((await t.request("/api/subscriptions", from("203.0.113.1"))).status).toBe(429);
    // Another address has its own count; a signed-in reader is not counted.
    expect((await t.request("/api/status/configs", from("203.0.113.2"))).status).toBe(200);
    for (let i = 0; i < 5; i++) expect((await t.request("/api/status/configs", { ...from("203.0.113.1"), cookie })).status).toBe(200);
    // A cookie that is no session does not get around the limit.
    expect((await t.request("/api/status/configs", { ...from("203.0.113.1"), cookie: "tidings.session_token=forged" })).status).toBe(429);
  });

  it("shares its counts between two servers on one database", async () => {
    t = await createTestApp({ RATE_LIMIT_PUBLIC_PER_MINUTE: "2" });
    const { createApp } = await import("../../src/app.ts");
    const second = createApp(t.deps);
    expect((await t.request("/api/status/configs")).status).toBe(200);
    expect((await second.request("/api/status/configs")).status).toBe(200);
    expect((await t.request("/api/status/configs")).status).toBe(429);
    expect((await second.request("/api/status/configs")).status).toBe(429);
  });

  it("counts better-auth's other routes without a session in the public limit, answering our 429 (better-auth's own limiter is off)", async () => {
    t = await createTestApp({ RATE_LIMIT_PUBLIC_PER_MINUTE: "2" });
    expect((await t.request("/api/better-auth/get-session")).status).toBe(200);
    expect((await t.request("/api/better-auth/get-session")).status).toBe(200);
    const refused = await t.request("/api/better-auth/get-session");
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(refused.headers.get("x-retry-after")).toBeNull();
    expect(await refused.json()).toMatchObject({ code: 18000, message: "Too many requests" });
  });

  it("is off at 0", async () => {
    t = await createTestApp({ RATE_LIMIT_PUBLIC_PER_MINUTE: "0", RATE_LIMIT_AUTH_PER_MINUTE: "0" });
    for (let i = 0; i < 20; i++) expect((await t.request("/api/status/configs")).status).toBe(200);
  });
});
