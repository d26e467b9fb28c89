import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { users } from "../../src/db/schema/index.ts";
import { apiAs } from "../helpers/api.ts";
import { createTestApp, signUp, type TestApp } from "../helpers/app.ts";

let t: TestApp;
afterEach(async () => t?.close());

async function json(response: Response) {
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe("invitations", () => {
  it("turns a trial account into a user with a code, once", async () => {
    t = await createTestApp({ INVITATIONS_REQUIRED: "true" });
    const admin = await signUp(t, { email: "admin@example.com" });
    const trial = await signUp(t, { email: "trial@example.com", name: "Trial" });
    const other = await signUp(t, { email: "other@example.com" });

    const created = await json(await t.request("/api/invitations/new", { method: "POST", cookie: admin.cookie }));
    expect(created.status).toBe(200);
    const code = created.body.data as string;
    expect(code).toMatch(/^[A-Z0-9]{10}$/);

    const used = await json(await t.request("/api/invitations/use", { json: { code: code.toLowerCase() }, cookie: trial.cookie }));
    expect(used).toEqual({ status: 200, body: { code: 0 } });

    const session = await (await t.request("/api/better-auth/get-session", { cookie: trial.cookie })).json();
    expect(session).toMatchObject({ role: "user", invitation: { code, fromUserId: admin.userId, toUserId: trial.userId } });

    const again = await json(await t.request("/api/invitations/use", { json: { code }, cookie: other.cookie }));
    expect(again).toMatchObject({ status: 409, body: { code: 5002 } });

    const list = await json(await t.request("/api/invitations", { cookie: admin.cookie }));
    expect(list.body.data).toEqual([
      expect.objectContaining({ code, toUserId: trial.userId, users: expect.objectContaining({ name: "Trial" }) }),
    ]);
  });

  it("refuses an unknown code with 5003 and keeps the account a trial", async () => {
    t = await createTestApp({ INVITATIONS_REQUIRED: "true" });
    await signUp(t, { email: "admin@example.com" });
    const trial = await signUp(t, { email: "trial@example.com" });
    const response = await json(await t.request("/api/invitations/use", { json: { code: "NOPE" }, cookie: trial.cookie }));
    expect(response).toMatchObject({ status: 404, body: { code: 5003 } });
    const session = await (await t.request("/api/better-auth/get-session", { cookie: trial.cookie })).json();
    expect(session).toMatchObject({ role: "trial", invitation: null });
  });

  it("does not let a trial account create codes", async () => {
    t = await createTestApp({ INVITATIONS_REQUIRED: "true" });
    await signUp(t, { email: "admin@example.com" });
    const trial = await signUp(t, { email: "trial@example.com" });
    const response = await json(await t.request("/api/invitations/new", { method: "POST", cookie: trial.cookie }));
    expect(response).toMatchObject({ status: 403, body: { code: 1103 } });
  });
});

describe("invitations: limits by account age", () => {
  const backdate = (userId: string, days: number) =>
    t.deps.db
      .update(users)
      .set({ createdAt: new Date(t.deps.clock.now().getTime() - days * 24 * 60 * 60 * 1000) })
      .where(eq(users.id, userId));

  it("lets an account hold one code plus one per interval of its age, then answers 5000", async () => {
    t = await createTestApp({ INVITATIONS_REQUIRED: "true", INVITATION_INTERVAL_DAYS: "7" });
    const admin = await signUp(t, { email: "admin@example.com" });
    const trial = await signUp(t, { email: "reader@example.com" });
    await json(await t.request("/api/invitations/use", { json: { code: await newCode(admin.cookie) }, cookie: trial.cookie }));
    const reader = apiAs(t, trial.cookie);

    expect(await reader.get("/invitations/limitation")).toMatchObject({ status: 200, body: { code: 0, data: 1 } });
    expect(await reader.post("/invitations/new")).toMatchObject({ status: 200, body: { code: 0 } });
    expect(await reader.get("/invitations/limitation")).toMatchObject({ body: { data: 0 } });
    expect(await reader.post("/invitations/new")).toMatchObject({ status: 429, body: { code: 5000 } });

    await backdate(trial.userId, 15); // 1 + floor(15 / 7) = 3 codes in total
    expect(await reader.get("/invitations/limitation")).toMatchObject({ body: { data: 2 } });
    expect(await reader.post("/invitations/new")).toMatchObject({ status: 200 });
    expect(await reader.post("/invitations/new")).toMatchObject({ status: 200 });
    expect(await reader.post("/invitations/new")).toMatchObject({ status: 429, body: { code: 5000 } });
    expect((await reader.get<unknown[]>("/invitations")).body.data).toHaveLength(3);
  });

  it("does not cap admins, nor anyone when the interval is 0; a trial account may create none", async () => {
    t = await createTestApp({ INVITATIONS_REQUIRED: "true", INVITATION_INTERVAL_DAYS: "7" });
    const admin = apiAs(t, (await signUp(t, { email: "admin@example.com" })).cookie);
    for (let i = 0; i < 3; i++) expect(await admin.post("/invitations/new")).toMatchObject({ status: 200 });
    expect(await admin.get("/invitations/limitation")).toMatchObject({ body: { code: 0, data: null } });
    const trial = apiAs(t, (await signUp(t, { email: "trial@example.com" })).cookie);
    expect(await trial.get("/invitations/limitation")).toMatchObject({ body: { code: 0, data: 0 } });
    await t.close();

    t = await createTestApp({ INVITATIONS_REQUIRED: "false", INVITATION_INTERVAL_DAYS: "0" });
    await signUp(t, { email: "first@example.com" });
    const reader = apiAs(t, (await signUp(t, { email: "reader@example.com" })).cookie);
    for (let i = 0; i < 3; i++) expect(await reader.post("/invitations/new")).toMatchObject({ status: 200 });
    expect(await reader.get("/invitations/limitation")).toMatchObject({ body: { data: null } });
  });

  it("refuses a body that is not JSON or a TOTPCode that is not text with 1002", async () => {
    t = await createTestApp();
    const admin = await signUp(t, { email: "admin@example.com" });
    const bad = await t.request("/api/invitations/new", { method: "POST", body: "{nope", headers: { "content-type": "application/json" }, cookie: admin.cookie });
    expect(await json(bad)).toMatchObject({ status: 400, body: { code: 1002 } });
    expect(await apiAs(t, admin.cookie).post("/invitations/new", { TOTPCode: 123456 })).toMatchObject({ status: 400, body: { code: 1002 } });
  });

  async function newCode(cookie: string): Promise<string> {
    const created = await json(await t.request("/api/invitations/new", { method: "POST", cookie }));
    expect(created.status).toBe(200);
    return created.body.data as string;
  }
});
