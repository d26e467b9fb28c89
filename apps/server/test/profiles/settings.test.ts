import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { apiAs, type Api } from "../helpers/api.ts";
import { createTestApp, signUp, type TestApp } from "../helpers/app.ts";

let t: TestApp;
let ann: Api;
let bob: Api;
let annCookie: string;
let annId: string;

let users = 0;

// One database for the file; every test signs up its own two readers, so tests cannot see each other.
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());
beforeEach(async () => {
  users += 1;
  ({ cookie: annCookie, userId: annId } = await signUp(t, { email: `ann${users}@example.com` }));
  ann = apiAs(t, annCookie);
  bob = apiAs(t, (await signUp(t, { email: `bob${users}@example.com` })).cookie);
});

/** PATCH /settings/:tab with a raw body, for bodies apiAs cannot send (invalid JSON, nothing). */
async function patchRaw(tab: string, body: string) {
  const response = await t.request(`/api/settings/${tab}`, { method: "PATCH", cookie: annCookie, body, headers: { "content-type": "application/json" } });
  return { status: response.status, body: (await response.json()) as { code: number; reason?: string } };
}

describe("settings", () => {
  it("starts empty, stores a tab, merges patches shallowly and removes null keys", async () => {
    expect((await ann.get("/settings")).body).toEqual({ code: 0, settings: {}, updated: {} });
    const first = await ann.patch<{ updated: string }>("/settings/general", { unreadOnly: false, language: "en", nested: { a: 1 } });
    expect(first).toMatchObject({ status: 200, body: { code: 0, data: { updated: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) } } });
    const second = await ann.patch<{ updated: string }>("/settings/general", { language: null, nested: { b: 2 }, groupByDate: true });
    expect(Date.parse(second.body.data!.updated)).toBeGreaterThanOrEqual(Date.parse(first.body.data!.updated));
    await ann.patch("/settings/appearance", { uiTextSize: 16 });
    const all = await ann.get("/settings");
    expect(all.body.settings).toEqual({ general: { unreadOnly: false, nested: { b: 2 }, groupByDate: true }, appearance: { uiTextSize: 16 } });
    expect((all.body.updated as Record<string, string>).general).toBe(second.body.data!.updated);
    expect(Object.keys(all.body.updated as object).sort()).toEqual(["appearance", "general"]);
  });

  it("answers one tab when asked, and nothing for a tab never saved", async () => {
    await ann.patch("/settings/general", { a: 1 });
    await ann.patch("/settings/integration", { token: "x" });
    const one = await ann.get("/settings?tab=integration");
    expect(one.body).toEqual({ code: 0, settings: { integration: { token: "x" } }, updated: { integration: expect.any(String) } });
    expect((await ann.get("/settings?tab=appearance")).body).toEqual({ code: 0, settings: {}, updated: {} });
  });

  it("keeps every key when patches of one tab arrive at once", async () => {
    const keys = ["a", "b", "c", "d", "e", "f"];
    await Promise.all(keys.map((key) => ann.patch("/settings/general", { [key]: key })));
    expect((await ann.get("/settings?tab=general")).body.settings).toEqual({ general: Object.fromEntries(keys.map((key) => [key, key])) });
  });

  it("answers 7001 for an unknown tab, on read and on write", async () => {
    expect(await ann.get("/settings?tab=secret")).toMatchObject({ status: 400, body: { code: 7001 } });
    expect(await ann.patch("/settings/secret", { a: 1 })).toMatchObject({ status: 400, body: { code: 7001 } });
    expect(await patchRaw("secret", "not json")).toMatchObject({ status: 400, body: { code: 7001 } });
  });

  it("answers 7002 for a body that is not a JSON object, and stores nothing", async () => {
    for (const body of ["[1,2]", '"text"', "42", "null", "{not json", ""]) {
      expect(await patchRaw("general", body)).toMatchObject({ status: 400, body: { code: 7002 } });
    }
    expect((await ann.get("/settings")).body.settings).toEqual({});
  });

  it("answers 7003 when the merged tab would pass 64 KB, and keeps what was stored", async () => {
    const big = "x".repeat(40 * 1024);
    expect(await ann.patch("/settings/appearance", { customCSS: big })).toMatchObject({ status: 200 });
    expect(await ann.patch("/settings/appearance", { more: big })).toMatchObject({ status: 413, body: { code: 7003 } });
    expect(await ann.patch("/settings/general", { huge: "y".repeat(65 * 1024) })).toMatchObject({ status: 413, body: { code: 7003 } });
    const stored = await ann.get("/settings");
    expect(stored.body.settings).toEqual({ appearance: { customCSS: big } });
    // Replacing the big value with a small one fits again.
    expect(await ann.patch("/settings/appearance", { customCSS: "body{}", more: big })).toMatchObject({ status: 200 });
  });

  it("keeps each user's settings apart: B can neither read nor change A's", async () => {
    await ann.patch("/settings/general", { mine: "ann" });
    expect((await bob.get("/settings")).body).toEqual({ code: 0, settings: {}, updated: {} });
    expect((await bob.get(`/settings?tab=general&userId=${annId}`)).body).toEqual({ code: 0, settings: {}, updated: {} });
    await bob.patch("/settings/general", { mine: "bob", extra: true });
    expect((await ann.get("/settings?tab=general")).body.settings).toEqual({ general: { mine: "ann" } });
    expect((await bob.get("/settings?tab=general")).body.settings).toEqual({ general: { mine: "bob", extra: true } });
  });

  it("requires a session (1000)", async () => {
    for (const response of [await t.request("/api/settings"), await t.request("/api/settings/general", { method: "PATCH", json: { a: 1 } })]) {
      expect(response.status).toBe(401);
      expect(await response.json()).toMatchObject({ code: 1000 });
    }
  });
});
