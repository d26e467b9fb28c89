import { afterEach, describe, expect, it } from "vitest";
import { apiAs } from "../helpers/api.ts";
import { createTestApp, signUp, type TestApp } from "../helpers/app.ts";

let t: TestApp;
afterEach(async () => t?.close());

async function roleOf(cookie: string): Promise<string> {
  const session = (await (await t.request("/api/better-auth/get-session", { cookie })).json()) as { role: string };
  return session.role;
}

describe("the invitation gate, changed by an admin at run time", () => {
  it("decides the role of new sign-ups and what /status/configs reports; old trial accounts stay trial", async () => {
    t = await createTestApp({ INVITATIONS_REQUIRED: "true" });
    const admin = apiAs(t, (await signUp(t, { email: "admin@example.com" })).cookie);
    const configs = async () => ((await (await t.request("/api/status/configs")).json()) as { data: Record<string, unknown> }).data;

    expect(await admin.get("/admin/instance")).toMatchObject({ status: 200, body: { code: 0, data: { invitationsRequired: true } } });
    const early = await signUp(t, { email: "early@example.com" });
    expect(await roleOf(early.cookie)).toBe("trial");

    expect(await admin.patch("/admin/instance", { invitationsRequired: false })).toMatchObject({
      status: 200,
      body: { code: 0, data: { invitationsRequired: false } },
    });
    expect(await configs()).toMatchObject({ INVITATIONS_REQUIRED: false });
    const open = await signUp(t, { email: "open@example.com" });
    expect(await roleOf(open.cookie)).toBe("user");
    expect(await roleOf(early.cookie)).toBe("trial");

    expect(await admin.patch("/admin/instance", { invitationsRequired: true })).toMatchObject({ body: { data: { invitationsRequired: true } } });
    expect(await configs()).toMatchObject({ INVITATIONS_REQUIRED: true });
    expect(await roleOf((await signUp(t, { email: "late@example.com" })).cookie)).toBe("trial");
  });

  it("can close an instance that started open", async () => {
    t = await createTestApp({ INVITATIONS_REQUIRED: "false" });
    const admin = apiAs(t, (await signUp(t, { email: "admin@example.com" })).cookie);
    expect(await roleOf((await signUp(t, { email: "a@example.com" })).cookie)).toBe("user");
    await admin.patch("/admin/instance", { invitationsRequired: true });
    expect(await roleOf((await signUp(t, { email: "b@example.com" })).cookie)).toBe("trial");
  });

  it("answers 1004 to everyone but admins, 1000 signed out, 1002 for a bad body", async () => {
    t = await createTestApp({ INVITATIONS_REQUIRED: "false" });
    const admin = apiAs(t, (await signUp(t, { email: "admin@example.com" })).cookie);
    const reader = apiAs(t, (await signUp(t, { email: "reader@example.com" })).cookie);
    expect(await reader.get("/admin/instance")).toMatchObject({ status: 403, body: { code: 1004 } });
    expect(await reader.patch("/admin/instance", { invitationsRequired: true })).toMatchObject({ status: 403, body: { code: 1004 } });
    expect(await roleOf((await signUp(t, { email: "after@example.com" })).cookie)).toBe("user");
    const anonymous = await t.request("/api/admin/instance");
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toMatchObject({ code: 1000 });
    expect(await admin.patch("/admin/instance", { invitationsRequired: "yes" })).toMatchObject({ status: 400, body: { code: 1002 } });
    expect(await admin.patch("/admin/instance", { somethingElse: true })).toMatchObject({ status: 400, body: { code: 1002 } });
  });
});
