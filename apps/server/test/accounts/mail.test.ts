import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { cookieFrom, createTestApp, signUp, TEST_ORIGIN, type TestApp } from "../helpers/app.ts";
import { linkIn, readOutbox, waitForMail } from "../helpers/outbox.ts";

let t: TestApp | undefined;
let dataDir: string;
afterEach(async () => {
  await t?.close();
  t = undefined;
  await rm(dataDir, { recursive: true, force: true });
});

async function app(env: Record<string, string> = {}) {
  dataDir = await mkdtemp(path.join(tmpdir(), "tidings-mail-"));
  t = await createTestApp({ DATA_DIR: dataDir, ...env });
  return t;
}

async function session(t: TestApp, cookie: string) {
  const response = await t.request("/api/better-auth/get-session", { cookie });
  return (await response.json()) as { user: { email: string; emailVerified: boolean } } | null;
}

/** Opens a mailed link in process, as the browser would (same origin, optional cookies). */
function open(t: TestApp, link: string, cookie?: string) {
  const url = new URL(link);
  expect(url.origin).toBe(TEST_ORIGIN);
  return t.request(url.pathname + url.search, cookie ? { cookie } : {});
}

describe("mail: e-mail verification", () => {
  it("mails a verification link on sign-up to the outbox; opening it verifies and signs in", async () => {
    const t = await app();
    const { cookie } = await signUp(t, { email: "ann@example.com" });
    expect(await session(t, cookie)).toMatchObject({ user: { emailVerified: false } });

    const mail = await waitForMail(dataDir, "ann@example.com", /Verify your e-mail/);
    expect(mail.from).toContain("no-reply@localhost");
    expect(mail.html).toContain("<a href=");
    const link = linkIn(mail);
    expect(link).toMatch(/^http:\/\/localhost:3000\/api\/better-auth\/verify-email\?token=/);
    expect(mail.html).toContain(link.replace(/&/g, "&amp;"));

    const opened = await open(t, link);
    expect(opened.status).toBe(302);
    const signedIn = cookieFrom(opened);
    expect(signedIn).toContain("tidings.session_token=");
    expect(await session(t, signedIn)).toMatchObject({ user: { email: "ann@example.com", emailVerified: true } });
    expect(await session(t, cookie)).toMatchObject({ user: { emailVerified: true } });
  });

  it("re-sends the verification mail on request, and refuses a forged token", async () => {
    const t = await app();
    const { cookie } = await signUp(t, { email: "ann@example.com" });
    await waitForMail(dataDir, "ann@example.com", /Verify/);
    const again = await t.request("/api/better-auth/send-verification-email", { json: { email: "ann@example.com" }, cookie });
    expect(again.status).toBe(200);
    expect((await readOutbox(dataDir)).filter((mail) => /Verify/.test(mail.subject))).toHaveLength(2);

    const forged = await t.request("/api/better-auth/verify-email?token=not.a.token");
    expect(forged.status).toBe(401);
    expect(await session(t, cookie)).toMatchObject({ user: { emailVerified: false } });
  });

  it("refuses to sign in an unverified account when verification is required, until the link is opened", async () => {
    const t = await app({ REQUIRE_EMAIL_VERIFICATION: "true" });
    const up = await t.request("/api/better-auth/sign-up/email", {
      json: { email: "ann@example.com", password: "correct horse battery", name: "Ann" },
    });
    expect(up.status).toBe(200);
    expect(cookieFrom(up)).not.toContain("tidings.session_token=");

    const refused = await t.request("/api/better-auth/sign-in/email", { json: { email: "ann@example.com", password: "correct horse battery" } });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ code: "EMAIL_NOT_VERIFIED" });

    await open(t, linkIn(await waitForMail(dataDir, "ann@example.com", /Verify/)));
    const allowed = await t.request("/api/better-auth/sign-in/email", { json: { email: "ann@example.com", password: "correct horse battery" } });
    expect(allowed.status).toBe(200);
  });
});

describe("mail: password reset", () => {
  it("mails a link to the web reset page; the token sets a new password once and ends other sessions", async () => {
    const t = await app();
    const { cookie } = await signUp(t, { email: "ann@example.com", password: "old password 1" });
    const asked = await t.request("/api/better-auth/request-password-reset", { json: { email: "ann@example.com" } });
    expect(asked.status).toBe(200);

    const mail = await waitForMail(dataDir, "ann@example.com", /Reset your/);
    const link = new URL(linkIn(mail));
    expect(`${link.origin}${link.pathname}`).toBe(`${TEST_ORIGIN}/reset-password`);
    const token = link.searchParams.get("token")!;
    expect(token).toBeTruthy();

    const tooShort = await t.request("/api/better-auth/reset-password", { json: { newPassword: "short", token } });
    expect(tooShort.status).toBe(400);
    const reset = await t.request("/api/better-auth/reset-password", { json: { newPassword: "new password 2", token } });
    expect(reset.status).toBe(200);
    const reused = await t.request("/api/better-auth/reset-password", { json: { newPassword: "new password 3", token } });
    expect(reused.status).toBe(400);

    const signIn = (password: string) => t.request("/api/better-auth/sign-in/email", { json: { email: "ann@example.com", password } });
    expect((await signIn("old password 1")).status).toBe(401);
    expect((await signIn("new password 2")).status).toBe(200);
    expect(await session(t, cookie)).toBeNull();
  });

  it("answers the same for an unknown address and mails nothing", async () => {
    const t = await app();
    const asked = await t.request("/api/better-auth/request-password-reset", { json: { email: "nobody@example.com" } });
    expect(asked.status).toBe(200);
    expect(await readOutbox(dataDir)).toEqual([]);
  });
});

describe("mail: change of e-mail", () => {
  it("changes an unverified address at once and mails a verification to the new one", async () => {
    const t = await app();
    const { cookie } = await signUp(t, { email: "ann@example.com" });
    const changed = await t.request("/api/better-auth/change-email", { json: { newEmail: "Ann2@Example.com" }, cookie });
    expect(changed.status).toBe(200);
    expect(await session(t, cookie)).toMatchObject({ user: { email: "ann2@example.com", emailVerified: false } });
    const mail = await waitForMail(dataDir, "ann2@example.com", /Verify|Confirm/);
    await open(t, linkIn(mail), cookie);
    expect(await session(t, cookie)).toMatchObject({ user: { email: "ann2@example.com", emailVerified: true } });
  });

  it("keeps a verified address until the new one is confirmed through the mailed link", async () => {
    const t = await app();
    const { cookie } = await signUp(t, { email: "ann@example.com" });
    await open(t, linkIn(await waitForMail(dataDir, "ann@example.com", /Verify/)), cookie);

    const changed = await t.request("/api/better-auth/change-email", { json: { newEmail: "new@example.com" }, cookie });
    expect(changed.status).toBe(200);
    expect(await session(t, cookie)).toMatchObject({ user: { email: "ann@example.com", emailVerified: true } });

    const mail = await waitForMail(dataDir, "new@example.com", /Confirm your new e-mail/);
    expect(mail.text).toContain("new@example.com");
    const confirmed = await open(t, linkIn(mail), cookie);
    expect(confirmed.status).toBe(302);
    expect(await session(t, cookie)).toMatchObject({ user: { email: "new@example.com", emailVerified: true } });
    const signIn = await t.request("/api/better-auth/sign-in/email", { json: { email: "new@example.com", password: "correct horse battery" } });
    expect(signIn.status).toBe(200);
  });
});
