import type { PublicProfile } from "@tidings/contracts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../../src/db/schema/index.ts";
import { apiAs } from "../helpers/api.ts";
import { createTestApp, signUp, type TestApp } from "../helpers/app.ts";

let t: TestApp;
let annId: string;
let annCookie: string;

beforeAll(async () => {
  t = await createTestApp();
  const ann = await signUp(t, { email: "ann@example.com", name: "Ann" });
  annId = ann.userId;
  annCookie = ann.cookie;
  await t.deps.db
    .update(users)
    .set({ handle: "ann_reads", bio: "Feeds and tea", website: "https://ann.example", socialLinks: { mastodon: "@ann@social.example" }, twoFactorEnabled: true })
    .where(eq(users.id, annId));
});
afterAll(async () => t.close());

/** GET /api/profiles as a visitor without any session. */
async function visit(query: string) {
  const response = await t.request(`/api/profiles?${query}`);
  return { status: response.status, text: await response.clone().text(), body: (await response.json()) as { code: number; data?: PublicProfile } };
}

describe("GET /profiles for visitors without a session", () => {
  it("answers the public fields by id and by handle, and nothing more", async () => {
    const expected = {
      id: annId,
      name: "Ann",
      handle: "ann_reads",
      image: null,
      bio: "Feeds and tea",
      website: "https://ann.example",
      socialLinks: { mastodon: "@ann@social.example" },
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/),
    };
    for (const query of [`id=${annId}`, "handle=ann_reads", "handle=%40ANN_READS"]) {
      const found = await visit(query);
      expect(found.status).toBe(200);
      expect(found.body).toEqual({ code: 0, data: expected });
      expect(found.text).not.toContain("ann@example.com");
      expect(found.text).not.toMatch(/"(email|role|isAdmin|twoFactorEnabled)"/);
    }
  });

  it("answers 6000 for an unknown id or handle", async () => {
    expect(await visit(`id=${t.deps.ids.next()}`)).toMatchObject({ status: 404, body: { code: 6000, message: "User not found" } });
    expect(await visit("handle=nobody_here")).toMatchObject({ status: 404, body: { code: 6000 } });
  });

  it("still tells a signed-in user whether their own two-factor is on", async () => {
    const own = await apiAs(t, annCookie).get<PublicProfile>(`/profiles?id=${annId}`);
    expect(own.body.data).toMatchObject({ id: annId, twoFactorEnabled: true });
  });

  it("keeps POST /profiles/batch behind the session", async () => {
    const response = await t.request("/api/profiles/batch", { json: { ids: [annId] } });
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ code: 1000 });
  });
});
