import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, signUp, type TestApp } from "../helpers/app.ts";

// Requests `npm run fuzz:api` found answered 500; each now answers as any unknown thing does.
let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp();
  ({ cookie } = await signUp(t, { email: "reader@example.com" }));
});
afterAll(() => t.close());

describe("fuzz findings", () => {
  it("an avatar id past bigint's range is no file (404), not a database error", async () => {
    expect((await t.request("/api/files/9223372036854775808")).status).toBe(404);
    expect((await t.request("/api/files/9999999999999999999")).status).toBe(404);
    expect((await t.request("/api/attachments/9223372036854775808/mail.pdf", { cookie })).status).toBe(404);
  });

  it("a share page or profile asked with a NUL byte in the handle or id is not found (404)", async () => {
    expect((await t.request("/u/%00")).status).toBe(404);
    expect((await t.request("/u/a%00b")).status).toBe(404);
    expect((await t.request("/share/users/a%00b")).status).toBe(404);
    expect((await t.request("/api/share/users/a%00b")).status).toBe(404);
    expect((await t.request("/api/profiles?handle=a%00b", { cookie })).status).toBe(400);
  });
});
