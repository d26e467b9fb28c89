import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { rowsOf } from "../../src/db/client.ts";
import { invitations } from "../../src/db/schema/index.ts";
import { apiAs } from "../helpers/api.ts";
import { createTestApp, signUp, type TestApp } from "../helpers/app.ts";
import { seedFeed } from "../helpers/seed.ts";

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const PASSWORD = "correct horse battery";

/** Every foreign key to `users(id)`: table, column and what deleting the user does to its rows. */
async function userReferences(t: TestApp) {
  const result = await t.deps.db.execute(sql`
    SELECT c.conrelid::regclass::text AS "table", a.attname AS "column", c.confdeltype AS "action"
    FROM pg_constraint c
    JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = ANY (c.conkey)
    WHERE c.contype = 'f' AND c.confrelid = 'users'::regclass
    ORDER BY 1, 2`);
  return rowsOf<{ table: string; column: string; action: string }>(result);
}

/** How many rows of each referencing table point at `userId`, keyed `table.column`. */
async function countRows(t: TestApp, userId: string) {
  const counts: Record<string, number> = {};
  for (const ref of await userReferences(t)) {
    const result = await t.deps.db.execute(
      sql`SELECT count(*)::int AS n FROM ${sql.identifier(ref.table)} WHERE ${sql.identifier(ref.column)} = ${userId}`,
    );
    counts[`${ref.table}.${ref.column}`] = Number(rowsOf<{ n: number }>(result)[0]!.n);
  }
  return counts;
}

describe("delete account", () => {
  it("has every reference to an account cascade or let go (no row can keep a deleted account alive)", async () => {
    t = await createTestApp();
    const references = await userReferences(t);
    expect(references.length).toBeGreaterThan(10);
    for (const ref of references) expect({ ...ref, action: ["c", "n"].includes(ref.action) }).toEqual({ ...ref, action: true });
  });

  it("removes everything the account owns, keeps what others own, and ends its sessions", async () => {
    t = await createTestApp();
    const ann = await signUp(t, { email: "ann@example.com", password: PASSWORD });
    const bob = await signUp(t, { email: "bob@example.com" });
    const annApi = apiAs(t, ann.cookie);
    const bobApi = apiAs(t, bob.cookie);

    const { entryIds } = await seedFeed(t, { userId: ann.userId, count: 3 });
    await seedFeed(t, { userId: bob.userId, count: 2 });
    expect((await annApi.post("/reads", { entryIds: [entryIds[0]] })).status).toBe(200);
    expect((await annApi.post("/collections", { entryId: entryIds[1], view: 0 })).status).toBe(200);
    const list = await annApi.post<{ id: string }>("/lists", { title: "Ann's picks", view: 0 });
    expect(list.status).toBe(200);
    expect((await bobApi.post("/subscriptions", { listId: list.body.data!.id, view: 0 })).status).toBe(200);
    expect((await annApi.post("/inboxes", { handle: "annbox", title: "Ann's inbox" })).status).toBe(200);
    expect((await annApi.patch("/settings/general", { unreadOnly: false })).status).toBe(200);
    expect((await t.request("/api/better-auth/two-factor/enable", { json: { password: PASSWORD }, cookie: ann.cookie })).status).toBe(200);
    await t.deps.db.insert(invitations).values([
      { code: "ann-unused", fromUserId: ann.userId },
      { code: "ann-to-bob", fromUserId: ann.userId, toUserId: bob.userId, usedAt: new Date() },
    ]);

    const before = await countRows(t, ann.userId);
    for (const owned of [
      "accounts.user_id",
      "sessions.user_id",
      "two_factors.user_id",
      "subscriptions.user_id",
      "timeline.user_id",
      "unread_entries.user_id",
      "read_marks.user_id",
      "collections.user_id",
      "lists.owner_user_id",
      "inboxes.owner_user_id",
      "settings.user_id",
      "invitations.from_user_id",
    ]) {
      expect(before[owned], owned).toBeGreaterThan(0);
    }
    const bobBefore = await countRows(t, bob.userId);

    const wrong = await t.request("/api/better-auth/delete-user", { json: { password: "not my password" }, cookie: ann.cookie });
    expect(wrong.status).toBe(400);
    expect(await countRows(t, ann.userId)).toEqual(before);

    const deleted = await t.request("/api/better-auth/delete-user", { json: { password: PASSWORD }, cookie: ann.cookie });
    expect(deleted.status).toBe(200);
    expect(await deleted.json()).toMatchObject({ success: true, message: "User deleted" });

    const after = await countRows(t, ann.userId);
    expect(Object.values(after).every((n) => n === 0)).toBe(true);
    expect(await t.deps.db.query.users.findFirst({ where: (u, { eq }) => eq(u.id, ann.userId) })).toBeUndefined();

    // Bob keeps his own rows, except his subscription to the list that went with Ann.
    const bobAfter = await countRows(t, bob.userId);
    expect(bobAfter["subscriptions.user_id"]).toBe(bobBefore["subscriptions.user_id"]! - 1);
    expect({ ...bobAfter, "subscriptions.user_id": 0 }).toEqual({ ...bobBefore, "subscriptions.user_id": 0 });

    // The code Bob used stays as the record of his activation; the unused one is gone.
    const codes = await t.deps.db.select().from(invitations);
    expect(codes.map((row) => ({ code: row.code, from: row.fromUserId, to: row.toUserId }))).toEqual([
      { code: "ann-to-bob", from: null, to: bob.userId },
    ]);

    expect(await (await t.request("/api/better-auth/get-session", { cookie: ann.cookie })).json()).toBeNull();
    const signIn = await t.request("/api/better-auth/sign-in/email", { json: { email: "ann@example.com", password: PASSWORD } });
    expect(signIn.status).toBe(401);
  });

  it("deletes without the password when the session is fresh, and refuses without a session", async () => {
    t = await createTestApp();
    expect((await t.request("/api/better-auth/delete-user", { json: {} })).status).toBe(401);
    const ann = await signUp(t, { email: "ann@example.com" });
    const deleted = await t.request("/api/better-auth/delete-user", { json: {}, cookie: ann.cookie });
    expect(deleted.status).toBe(200);
    expect(await t.deps.db.query.users.findMany()).toEqual([]);
  });
});
