import { afterEach, describe, expect, it } from "vitest";
import { createSessionCache, sessionTokenOf } from "../../src/http/session-cache.ts";
import { apiAs } from "../helpers/api.ts";
import { cookieFrom, createTestApp, signUp, type TestApp } from "../helpers/app.ts";

let t: TestApp;
afterEach(async () => t?.close());

const user = { id: "1", email: "a@example.com", name: "A", role: "user" as const, isAdmin: false };
const inAnHour = () => new Date(Date.now() + 3_600_000);

describe("the session cache", () => {
  it("reads the signed session cookie, with or without the secure prefix", () => {
    expect(sessionTokenOf("theme=dark; tidings.session_token=abc.def%3D; other=1")).toBe("abc.def%3D");
    expect(sessionTokenOf("__Secure-tidings.session_token=xyz.sig")).toBe("xyz.sig");
    expect(sessionTokenOf("not_tidings.session_token=no; x=1")).toBeNull();
    expect(sessionTokenOf("other.session_token=no")).toBeNull();
    expect(sessionTokenOf(null)).toBeNull();
  });

  it("keeps a session for its time to live, never past the session's own expiry, and only so many", () => {
    let now = 0;
    const cache = createSessionCache({ ttlMs: 1000, max: 2, now: () => now });
    cache.set("a", { user, sessionId: "s1" }, inAnHour());
    expect(cache.get("a")?.sessionId).toBe("s1");
    now = 999;
    expect(cache.get("a")).not.toBeNull();
    now = 1000;
    expect(cache.get("a")).toBeNull();

    cache.set("expired", { user, sessionId: "s2" }, new Date(Date.now() - 1));
    expect(cache.get("expired")).toBeNull();
    cache.set("soon", { user, sessionId: "s3" }, new Date(Date.now() + 100));
    now += 200;
    expect(cache.get("soon")).toBeNull();

    cache.set("x", { user, sessionId: "x" }, inAnHour());
    cache.set("y", { user, sessionId: "y" }, inAnHour());
    cache.set("z", { user, sessionId: "z" }, inAnHour());
    expect(cache.size).toBe(2);
    expect(cache.get("x")).toBeNull();
    expect(cache.get("z")?.sessionId).toBe("z");
    cache.forget("z");
    expect(cache.get("z")).toBeNull();
    cache.clear();
    expect(cache.size).toBe(0);
  });
});

describe("sessions served from the cache (same process)", () => {
  it("stop working at once when signed out", async () => {
    t = await createTestApp();
    const { cookie } = await signUp(t, { email: "ann@example.com" });
    const ann = apiAs(t, cookie);
    expect((await ann.get("/subscriptions")).status).toBe(200);
    expect((await ann.get("/subscriptions")).status).toBe(200);
    expect((await t.request("/api/better-auth/sign-out", { json: {}, cookie })).status).toBe(200);
    expect(await ann.get("/subscriptions")).toMatchObject({ status: 401, body: { code: 1000 } });
  });

  it("stop working at once when revoked from another session", async () => {
    t = await createTestApp();
    const first = await signUp(t, { email: "ann@example.com" });
    const signIn = await t.request("/api/better-auth/sign-in/email", { json: { email: "ann@example.com", password: "correct horse battery" } });
    const second = cookieFrom(signIn);
    expect((await apiAs(t, second).get("/subscriptions")).status).toBe(200);
    const revoked = await t.request("/api/better-auth/revoke-other-sessions", { json: {}, cookie: first.cookie });
    expect(revoked.status).toBe(200);
    expect(await apiAs(t, second).get("/subscriptions")).toMatchObject({ status: 401, body: { code: 1000 } });
    expect((await apiAs(t, first.cookie).get("/subscriptions")).status).toBe(200);
  });

  it("show a role the request itself changed on the next request", async () => {
    t = await createTestApp({ INVITATIONS_REQUIRED: "true" });
    const admin = apiAs(t, (await signUp(t, { email: "admin@example.com" })).cookie);
    const invitation = await admin.post<string>("/invitations/new");
    expect(invitation.status).toBe(200);
    const trial = apiAs(t, (await signUp(t, { email: "trial@example.com" })).cookie);
    // A trial account may invite nobody; the session (with its role) is now cached.
    expect(await trial.get("/invitations/limitation")).toMatchObject({ status: 200, body: { data: 0 } });
    expect(await trial.post("/invitations/use", { code: invitation.body.data })).toMatchObject({ status: 200 });
    const after = await trial.get<number>("/invitations/limitation");
    expect(after.status).toBe(200);
    expect(after.body.data).toBeGreaterThan(0);
  });
});
