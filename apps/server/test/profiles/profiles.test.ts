import type { PublicUser } from "@tidings/contracts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../../src/db/schema/index.ts";
import { apiAs, type Api } from "../helpers/api.ts";
import { createTestApp, signUp, type TestApp } from "../helpers/app.ts";

let t: TestApp;
let ann: { api: Api; userId: string };
let bob: { api: Api; userId: string };

// Profiles are only read here, so one app serves the whole file.
beforeAll(async () => {
  t = await createTestApp();
  const a = await signUp(t, { email: "ann@example.com", name: "Ann" });
  const b = await signUp(t, { email: "bob@example.com", name: "Bob" });
  ann = { api: apiAs(t, a.cookie), userId: a.userId };
  bob = { api: apiAs(t, b.cookie), userId: b.userId };
  await t.deps.db
    .update(users)
    .set({ handle: "Ann", bio: "Reads a lot", website: "https://ann.example", socialLinks: { github: "ann" }, twoFactorEnabled: true })
    .where(eq(users.id, a.userId));
});
afterAll(async () => t.close());

/** No answer of this feature may carry an e-mail address, whatever its shape. */
const expectNoEmail = (body: unknown) => {
  const text = JSON.stringify(body);
  expect(text).not.toContain("@example.com");
  expect(text).not.toMatch(/"email"/i);
};

describe("GET /profiles", () => {
  it("answers a user by id: the public fields, never the e-mail; twoFactorEnabled only to the user", async () => {
    const found = await bob.api.get<PublicUser>(`/profiles?id=${ann.userId}`);
    expect(found).toMatchObject({ status: 200, body: { code: 0 } });
    expect(found.body.data).toEqual({
      id: ann.userId,
      name: "Ann",
      image: null,
      handle: "Ann",
      bio: "Reads a lot",
      website: "https://ann.example",
      socialLinks: { github: "ann" },
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expectNoEmail(found.body);
    expect((await ann.api.get(`/profiles?id=${ann.userId}`)).body.data).toMatchObject({ id: ann.userId, twoFactorEnabled: true });
    const own = await bob.api.get<{ twoFactorEnabled: boolean }>(`/profiles?id=${bob.userId}`);
    expect(own.body.data).toMatchObject({ id: bob.userId, handle: null, twoFactorEnabled: false });
    expectNoEmail(own.body);
  });

  it("answers a user by handle, whatever its case and with or without @", async () => {
    for (const handle of ["Ann", "ann", "%40ANN"]) {
      const found = await bob.api.get<PublicUser>(`/profiles?handle=${handle}`);
      expect(found.body.data).toMatchObject({ id: ann.userId, name: "Ann" });
      expectNoEmail(found.body);
    }
  });

  it("answers 6000 for nobody, 1002 without id or handle; no session needed", async () => {
    expect(await bob.api.get(`/profiles?id=${t.deps.ids.next()}`)).toMatchObject({ status: 404, body: { code: 6000 } });
    expect(await bob.api.get("/profiles?handle=nobody")).toMatchObject({ status: 404, body: { code: 6000 } });
    expect(await bob.api.get("/profiles")).toMatchObject({ status: 400, body: { code: 1002 } });
    expect(await bob.api.get("/profiles?handle=")).toMatchObject({ status: 400, body: { code: 1002 } });
    const anonymous = await t.request(`/api/profiles?id=${ann.userId}`);
    expect(anonymous.status).toBe(200);
    expect(await anonymous.json()).toMatchObject({ code: 0, data: { id: ann.userId } });
  });
});

describe("POST /profiles/batch", () => {
  it("maps known ids to public users and leaves unknown ones out", async () => {
    const unknown = t.deps.ids.next();
    const batch = await bob.api.post<Record<string, PublicUser>>("/profiles/batch", { ids: [ann.userId, unknown, bob.userId, ann.userId] });
    expect(batch.status).toBe(200);
    expect(Object.keys(batch.body.data!).sort()).toEqual([ann.userId, bob.userId].sort());
    expect(batch.body.data![ann.userId]).toMatchObject({ id: ann.userId, name: "Ann", handle: "Ann", bio: "Reads a lot" });
    expect(batch.body.data![ann.userId]).not.toHaveProperty("twoFactorEnabled");
    expectNoEmail(batch.body);
    expect((await bob.api.post("/profiles/batch", { ids: [] })).body).toEqual({ code: 0, data: {} });
  });

  it("answers 1002 for more than 100 ids or a malformed body, 1000 without a session", async () => {
    const many = Array.from({ length: 101 }, () => t.deps.ids.next());
    expect(await bob.api.post("/profiles/batch", { ids: many })).toMatchObject({ status: 400, body: { code: 1002 } });
    expect(await bob.api.post("/profiles/batch", { ids: ann.userId })).toMatchObject({ status: 400, body: { code: 1002 } });
    expect(await bob.api.post("/profiles/batch", {})).toMatchObject({ status: 400, body: { code: 1002 } });
    const anonymous = await t.request("/api/profiles/batch", { json: { ids: [ann.userId] } });
    expect(anonymous.status).toBe(401);
  });
});
