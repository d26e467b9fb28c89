import { afterEach, describe, expect, it } from "vitest";
import { createTestApp, signUp, type TestApp } from "./helpers/app.ts";

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
