import { afterEach, describe, expect, it } from "vitest";
import { createTestApp, signUp, type TestApp } from "../helpers/app.ts";

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

async function me(t: TestApp, cookie: string) {
  const response = await t.request("/api/better-auth/get-session", { cookie });
  return ((await response.json()) as { user: Record<string, unknown>; role: string; invitation: unknown }).user;
}

const update = (t: TestApp, cookie: string, json: Record<string, unknown>) => t.request("/api/better-auth/update-user", { json, cookie });

describe("get-session", () => {
  it("keeps its shape and answers every profile field of the user", async () => {
    t = await createTestApp();
    const { cookie } = await signUp(t, { email: "ann@example.com", name: "Ann" });
    const response = await t.request("/api/better-auth/get-session", { cookie });
    const body = (await response.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ role: "user", invitation: null, session: expect.objectContaining({ token: expect.any(String) }) });
    expect(body.user).toMatchObject({
      email: "ann@example.com",
      name: "Ann",
      emailVerified: false,
      twoFactorEnabled: false,
      isAdmin: true,
      image: null,
      handle: null,
      bio: null,
      website: null,
      socialLinks: null,
    });
  });
});

describe("update-user profile fields", () => {
  it("saves name, lower-cased handle, bio, website and social links", async () => {
    t = await createTestApp();
    const { cookie } = await signUp(t, { email: "ann@example.com" });
    const saved = await update(t, cookie, {
      name: "  Ann Reader ",
      handle: "Ann_Reads",
      bio: "I read feeds.",
      website: "https://ann.example/",
      socialLinks: { github: "https://github.com/ann", twitter: "@ann", empty: "" },
    });
    expect(saved.status).toBe(200);
    expect(await me(t, cookie)).toMatchObject({
      name: "Ann Reader",
      handle: "ann_reads",
      bio: "I read feeds.",
      website: "https://ann.example/",
      socialLinks: { github: "https://github.com/ann", twitter: "@ann" },
    });

    expect((await update(t, cookie, { handle: "", website: "", bio: "" })).status).toBe(200);
    expect(await me(t, cookie)).toMatchObject({ handle: null, website: null, bio: null, name: "Ann Reader" });
  });

  it("answers 400 naming the field for bad input, and changes nothing", async () => {
    t = await createTestApp();
    const { cookie } = await signUp(t, { email: "ann@example.com", name: "Ann" });
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ name: "" }, /name/],
      [{ name: "x".repeat(51) }, /name/],
      [{ handle: "ab" }, /handle/],
      [{ handle: "x".repeat(31) }, /handle/],
      [{ handle: "has space" }, /handle/],
      [{ handle: "dash-ed" }, /handle/],
      [{ bio: "b".repeat(301) }, /bio/],
      [{ website: "javascript:alert(1)" }, /website/],
      [{ website: "ann.example" }, /website/],
      [{ socialLinks: ["https://x.example"] }, /socialLinks/],
      [{ socialLinks: { site: "javascript:alert(1)" } }, /socialLinks\.site/],
      [{ socialLinks: Object.fromEntries(Array.from({ length: 11 }, (_, i) => [`k${i}`, `https://x.example/${i}`])) }, /socialLinks/],
    ];
    for (const [body, field] of cases) {
      const response = await update(t, cookie, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      const answer = (await response.json()) as { code: unknown; message: string };
      expect(answer.message, JSON.stringify(body)).toMatch(field);
      expect(String(answer.code)).toBe("1002");
    }
    expect(await me(t, cookie)).toMatchObject({ name: "Ann", handle: null, bio: null, website: null, socialLinks: null });
  });

  it("keeps handles unique regardless of case, with a clear 400", async () => {
    t = await createTestApp();
    const ann = await signUp(t, { email: "ann@example.com" });
    const bob = await signUp(t, { email: "bob@example.com" });
    expect((await update(t, ann.cookie, { handle: "reader" })).status).toBe(200);
    expect((await update(t, ann.cookie, { handle: "READER", bio: "same handle again is fine" })).status).toBe(200);
    const taken = await update(t, bob.cookie, { handle: "Reader" });
    expect(taken.status).toBe(400);
    expect(await taken.json()).toMatchObject({ message: "Handle is taken" });
    expect(await me(t, bob.cookie)).toMatchObject({ handle: null });
  });

  it("checks the same fields at sign-up", async () => {
    t = await createTestApp();
    const bad = await t.request("/api/better-auth/sign-up/email", {
      json: { email: "ann@example.com", password: "correct horse battery", name: "Ann", handle: "no!" },
    });
    expect(bad.status).toBe(400);
    expect(await t.deps.db.query.users.findMany()).toEqual([]);
    const good = await t.request("/api/better-auth/sign-up/email", {
      json: { email: "ann@example.com", password: "correct horse battery", name: "Ann", handle: "Ann" },
    });
    expect(good.status).toBe(200);
    expect((await t.deps.db.query.users.findFirst())?.handle).toBe("ann");
  });

  it("does not let a client set its role or admin flag", async () => {
    t = await createTestApp({ INVITATIONS_REQUIRED: "true" });
    await signUp(t, { email: "admin@example.com" });
    const { cookie } = await signUp(t, { email: "ann@example.com" });
    const response = await update(t, cookie, { role: "user", isAdmin: true });
    expect(response.status).toBe(400);
    expect(await me(t, cookie)).toMatchObject({ isAdmin: false });
    const session = await (await t.request("/api/better-auth/get-session", { cookie })).json();
    expect(session).toMatchObject({ role: "trial" });
  });
});
