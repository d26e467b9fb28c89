import { afterEach, describe, expect, it } from "vitest";
import { createTestApp, signUp, type TestApp } from "../helpers/app.ts";
import { followOAuth, joinCookies } from "../helpers/oauth-flow.ts";
import { startOidcProvider, type OidcProvider } from "../helpers/oidc-provider.ts";

let t: TestApp | undefined;
let idp: OidcProvider | undefined;
afterEach(async () => {
  await t?.close();
  await idp?.close();
  t = undefined;
  idp = undefined;
});

const ALICE = { sub: "idp-alice", email: "alice@corp.example", email_verified: true, name: "Alice Idp", picture: "https://corp.example/alice.png" };

async function withOidc(env: Record<string, string> = {}) {
  idp = await startOidcProvider({ ...ALICE });
  t = await createTestApp({
    OIDC_ISSUER: idp.issuer,
    OIDC_CLIENT_ID: idp.clientId,
    OIDC_CLIENT_SECRET: idp.clientSecret,
    OIDC_NAME: "Corp SSO",
    ...env,
  });
  return { t, idp };
}

async function getJson<T>(t: TestApp, path: string, cookie?: string): Promise<T> {
  const response = await t.request(path, cookie ? { cookie } : {});
  expect(response.status).toBe(200);
  return (await response.json()) as T;
}

const session = (t: TestApp, cookie: string) =>
  getJson<{ user: { id: string; email: string; emailVerified: boolean; name: string } } | null>(t, "/api/better-auth/get-session", cookie);

async function signInWithOidc(t: TestApp) {
  const start = await t.request("/api/better-auth/sign-in/social", { json: { provider: "oidc", callbackURL: "/timeline" } });
  return followOAuth(t, start);
}

describe("sign-in providers", () => {
  it("lists no provider when none is configured, and the configured ones by id", async () => {
    t = await createTestApp();
    expect(await getJson(t, "/api/better-auth/get-providers")).toEqual({});
    expect((await t.request("/api/better-auth/get-account-info")).status).toBe(401);
    await t.close();
    ({ t } = await withOidc({ GITHUB_CLIENT_ID: "gh-id", GITHUB_CLIENT_SECRET: "gh-secret" }));
    expect(await getJson(t, "/api/better-auth/get-providers")).toEqual({
      github: { id: "github", name: "GitHub" },
      oidc: { id: "oidc", name: "Corp SSO" },
    });
  });

  it("starts GitHub sign-in with a redirect to GitHub carrying the client id", async () => {
    t = await createTestApp({ GITHUB_CLIENT_ID: "gh-id", GITHUB_CLIENT_SECRET: "gh-secret" });
    const start = await t.request("/api/better-auth/sign-in/social", { json: { provider: "github", callbackURL: "/" } });
    expect(start.status).toBe(200);
    const url = new URL(((await start.json()) as { url: string }).url);
    expect(url.host).toBe("github.com");
    expect(url.searchParams.get("client_id")).toBe("gh-id");
    expect(url.searchParams.get("redirect_uri")).toBe("http://localhost:3000/api/better-auth/callback/github");
  });
});

describe("OpenID Connect sign-in", () => {
  it("creates an account from the provider's verified identity, then signs into the same one", async () => {
    const { t, idp } = await withOidc();
    const first = await signInWithOidc(t);
    expect(first.response.status).toBe(302);
    expect(first.location).toBe("/timeline");
    expect(first.callbackUrl.pathname).toBe("/api/better-auth/callback/oidc");
    expect(idp.tokenRequests).toEqual([expect.objectContaining({ pkceVerified: true, clientAuthenticated: true })]);
    const user = (await session(t, first.cookie))!.user;
    expect(user).toMatchObject({ email: "alice@corp.example", emailVerified: true, name: "Alice Idp" });

    const second = await signInWithOidc(t);
    expect((await session(t, second.cookie))!.user.id).toBe(user.id);
    expect(await t.deps.db.query.users.findMany()).toHaveLength(1);

    expect(await getJson(t, "/api/better-auth/get-account-info", second.cookie)).toEqual([
      {
        id: expect.any(String),
        provider: "oidc",
        profile: { id: "idp-alice", email: "alice@corp.example", name: "Alice Idp", image: "https://corp.example/alice.png" },
      },
    ]);
  });

  it("rejects a callback whose state cookie is missing", async () => {
    const { t } = await withOidc();
    const start = await t.request("/api/better-auth/sign-in/social", { json: { provider: "oidc", callbackURL: "/" } });
    const { url } = (await start.json()) as { url: string };
    const back = new URL((await fetch(url, { redirect: "manual" })).headers.get("location")!);
    const response = await t.request(back.pathname + back.search);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toMatch(/error=/);
    expect(response.headers.getSetCookie().join()).not.toMatch(/tidings\.session_token=[^;]/);
  });

  it("lets a social-only account set a password once; only then may it unlink the provider", async () => {
    const { t } = await withOidc();
    const { cookie } = await signInWithOidc(t);
    const accounts = await getJson<{ id: string; providerId: string }[]>(t, "/api/better-auth/list-accounts", cookie);
    expect(accounts.map((account) => account.providerId)).toEqual(["oidc"]);

    const last = await t.request("/api/better-auth/unlink-account", { json: { accountId: accounts[0]!.id }, cookie });
    expect(last.status).toBe(400);

    expect((await t.request("/api/better-auth/set-password", { json: { newPassword: "new password 1" } })).status).toBe(401);
    expect((await t.request("/api/better-auth/set-password", { json: { newPassword: "short" }, cookie })).status).toBe(400);
    const set = await t.request("/api/better-auth/set-password", { json: { newPassword: "new password 1" }, cookie });
    expect(set.status).toBe(200);
    const again = await t.request("/api/better-auth/set-password", { json: { newPassword: "new password 2" }, cookie });
    expect(again.status).toBe(400);
    expect(await again.json()).toMatchObject({ code: "PASSWORD_ALREADY_SET" });

    const signIn = await t.request("/api/better-auth/sign-in/email", { json: { email: "alice@corp.example", password: "new password 1" } });
    expect(signIn.status).toBe(200);
    const info = await getJson<{ provider: string }[]>(t, "/api/better-auth/get-account-info", cookie);
    expect(info.map((row) => row.provider).sort()).toEqual(["credential", "oidc"]);

    const unlinked = await t.request("/api/better-auth/unlink-account", { json: { accountId: accounts[0]!.id }, cookie });
    expect(unlinked.status).toBe(200);
  });
});

describe("linked accounts", () => {
  it("links the provider to a signed-in password account, signs in through it, and unlinks it", async () => {
    const { t } = await withOidc();
    const ann = await signUp(t, { email: "ann@example.com", name: "Ann" });
    const start = await t.request("/api/better-auth/link-social", { json: { provider: "oidc", callbackURL: "/settings/account" }, cookie: ann.cookie });
    const linked = await followOAuth(t, start, ann.cookie);
    expect(linked.response.status).toBe(302);
    expect(linked.location).toBe("/settings/account");

    const cookie = joinCookies(ann.cookie, linked.cookie);
    const accounts = await getJson<{ id: string; providerId: string; accountId: string }[]>(t, "/api/better-auth/list-accounts", cookie);
    expect(accounts.map((account) => account.providerId).sort()).toEqual(["credential", "oidc"]);
    expect(await getJson(t, "/api/better-auth/get-account-info", cookie)).toEqual(
      expect.arrayContaining([
        { id: expect.any(String), provider: "credential", profile: { id: ann.userId, email: "ann@example.com", name: "Ann", image: null } },
        { id: expect.any(String), provider: "oidc", profile: expect.objectContaining({ id: "idp-alice", email: "alice@corp.example" }) },
      ]),
    );

    const viaProvider = await signInWithOidc(t);
    expect((await session(t, viaProvider.cookie))!.user).toMatchObject({ id: ann.userId, email: "ann@example.com" });

    const oidc = accounts.find((account) => account.providerId === "oidc")!;
    const credential = accounts.find((account) => account.providerId === "credential")!;
    expect((await t.request("/api/better-auth/unlink-account", { json: { accountId: oidc.id }, cookie })).status).toBe(200);
    const lastOne = await t.request("/api/better-auth/unlink-account", { json: { accountId: credential.id }, cookie });
    expect(lastOne.status).toBe(400);
    expect(await lastOne.json()).toMatchObject({ code: "FAILED_TO_UNLINK_LAST_ACCOUNT" });

    const newUser = await signInWithOidc(t);
    expect((await session(t, newUser.cookie))!.user.id).not.toBe(ann.userId);
  });

  it("does not sign a stranger into an existing account whose address the provider has not verified", async () => {
    const { t, idp } = await withOidc();
    const ann = await signUp(t, { email: "ann@example.com" });
    idp.user = { sub: "idp-mallory", email: "ann@example.com", email_verified: false, name: "Mallory" };
    const attempt = await signInWithOidc(t);
    expect(attempt.location).toMatch(/error=/);
    const accounts = await t.deps.db.query.accounts.findMany({ where: (a, { eq }) => eq(a.userId, ann.userId) });
    expect(accounts.map((account) => account.providerId)).toEqual(["credential"]);
  });
});
