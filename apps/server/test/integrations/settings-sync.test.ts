import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { integrationSettings } from "../../src/db/schema/index.ts";
import { apiAs, type Api } from "../helpers/api.ts";
import { createTestApp, signUp, type TestApp } from "../helpers/app.ts";

let t: TestApp;
let ann: Api;
let annId: string;

beforeEach(async () => {
  t = await createTestApp();
  const signed = await signUp(t, { email: "ann@example.com" });
  ann = apiAs(t, signed.cookie);
  annId = signed.userId;
});
afterEach(async () => t.close());

const SETTINGS = { enableReadwise: true, readwiseToken: "rw-secret-token-0123", readeckEndpoint: "http://192.168.1.20:8000", readeckAllowPrivate: true };

const stored = async (userId: string) => (await t.deps.db.select().from(integrationSettings).where(eq(integrationSettings.userId, userId)))[0];

describe("synced integration settings", () => {
  it("are stored sealed (no token, no key name in the database) and come back as they were", async () => {
    expect(await ann.get("/integrations/settings")).toEqual({ status: 200, body: { code: 0, data: { settings: null, updatedAt: null } } });
    const put = await ann.put<{ updatedAt: string }>("/integrations/settings", { settings: SETTINGS });
    expect(put.status).toBe(200);
    const row = await stored(annId);
    expect(row!.sealed).toMatch(/^v1\./);
    expect(row!.sealed).not.toContain("rw-secret-token");
    expect(row!.sealed).not.toContain("readwiseToken");
    expect(Buffer.from(row!.sealed.split(".").at(-1)!, "base64url").toString("latin1")).not.toContain("rw-secret-token");
    expect(await ann.get("/integrations/settings")).toEqual({ status: 200, body: { code: 0, data: { settings: SETTINGS, updatedAt: put.body.data!.updatedAt } } });
  });

  it("are the reader's own: another reader sees none, and a sealed copy moved to their row does not open", async () => {
    await ann.put("/integrations/settings", { settings: SETTINGS });
    const bob = await signUp(t, { email: "bob@example.com" });
    const bobApi = apiAs(t, bob.cookie);
    expect((await bobApi.get("/integrations/settings")).body.data).toEqual({ settings: null, updatedAt: null });
    await t.deps.db.insert(integrationSettings).values({ userId: bob.userId, sealed: (await stored(annId))!.sealed });
    expect((await bobApi.get("/integrations/settings")).body.data).toEqual({ settings: null, updatedAt: null });
  });

  it("are removed when the reader stops syncing, refused when too large, and need a session", async () => {
    await ann.put("/integrations/settings", { settings: SETTINGS });
    expect(await ann.delete("/integrations/settings")).toEqual({ status: 200, body: { code: 0 } });
    expect(await stored(annId)).toBeUndefined();
    expect(await ann.put("/integrations/settings", { settings: { note: "x".repeat(70 * 1024) } })).toMatchObject({ status: 413, body: { code: 7003 } });
    expect(await ann.put("/integrations/settings", { settings: "text" })).toMatchObject({ status: 400, body: { code: 1002 } });
    expect(await apiAs(t, "").get("/integrations/settings")).toMatchObject({ status: 401 });
  });
});
