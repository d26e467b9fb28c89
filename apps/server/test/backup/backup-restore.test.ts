import { sql } from "drizzle-orm";
import { getTableConfig, PgTable } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "../../src/db/client.ts";
import * as schema from "../../src/db/schema/index.ts";
import { restoreBackup } from "../../src/features/backup/restore-backup.ts";
import { apiAs } from "../helpers/api.ts";
import { cookieFrom, createTestApp, signUp, type TestApp } from "../helpers/app.ts";
import { openTestDatabase } from "../helpers/database.ts";
import { seedFeed } from "../helpers/seed.ts";
import { appOver, backupBytes, streamOf, tableContents } from "./backup-helpers.ts";

let source: TestApp;
let backup: Buffer;
let entryIds: string[];
const PASSWORD = "correct horse battery";

beforeAll(async () => {
  source = await createTestApp();
  const admin = await signUp(source, { email: "admin@example.com", password: PASSWORD });
  const reader = await signUp(source, { email: "ann@example.com", password: PASSWORD, name: "Ann" });
  const api = apiAs(source, reader.cookie);
  ({ entryIds } = await seedFeed(source, { userId: reader.userId, count: 6 }));
  expect((await api.post("/reads", { entryIds: entryIds.slice(0, 2) })).status).toBe(200);
  expect((await api.post("/collections", { entryId: entryIds[3] })).status).toBe(200);
  expect((await api.patch("/settings/general", { sendAnonymousData: false, unreadOnly: false })).status).toBe(200);
  expect((await apiAs(source, admin.cookie).post("/admin/power/mint", { userId: reader.userId, amount: "42" })).status).toBe(200);
  backup = await backupBytes(source.database);
});
afterAll(async () => {
  await source?.close();
});

describe("backup and restore", () => {
  it("backs up every table of the schema, with the last migration", () => {
    const lines = tableContents(backup);
    const schemaTables = Object.values(schema).filter((value) => value instanceof PgTable).map((table) => getTableConfig(table).name);
    expect([...lines.keys()].sort()).toEqual(expect.arrayContaining(schemaTables.sort()));
    expect(lines.get("users")).toHaveLength(2);
    expect(lines.get("read_marks")!.length).toBeGreaterThanOrEqual(2);
  });

  it("restores into an empty database: the same rows, sign-in works, reads, stars, settings and POWER are there", async () => {
    const target = appOver(await openTestDatabase());
    try {
      const summary = await restoreBackup(target.deps.db, streamOf(backup));
      expect(summary.rows).toBeGreaterThan(10);
      expect(tableContents(await backupBytes(target.database))).toEqual(tableContents(backup));
      const signIn = await target.request("/api/better-auth/sign-in/email", { json: { email: "ann@example.com", password: PASSWORD } });
      expect(signIn.status).toBe(200);
      const api = apiAs(target, cookieFrom(signIn));
      const wallets = await api.get<{ powerToken: string }[]>("/wallets");
      expect(BigInt(wallets.body.data![0]!.powerToken)).toBeGreaterThan(0n);
      expect((await api.get("/settings")).body.settings).toEqual({ general: { sendAnonymousData: false, unreadOnly: false } });
      // The restored sequences go on past the restored values: a new subscription gets a new sync id.
      const [seq] = rowsOf<{ max: number }>(await target.deps.db.execute(sql`SELECT max(sync_id) AS max FROM subscriptions`));
      const [ann] = rowsOf<{ id: string }>(await target.deps.db.execute(sql`SELECT id FROM users WHERE email = 'ann@example.com'`));
      await seedFeed(target, { userId: ann!.id, count: 1 });
      const [after] = rowsOf<{ max: number }>(await target.deps.db.execute(sql`SELECT max(sync_id) AS max FROM subscriptions`));
      expect(after!.max).toBeGreaterThan(seq!.max);
    } finally {
      await target.close();
    }
  });
});

describe("GET /api/admin/backup", () => {
  it("gives the admin a download that restores, refuses other readers (1004) and visitors (1000)", async () => {
    const admin = await source.request("/api/better-auth/sign-in/email", { json: { email: "admin@example.com", password: PASSWORD } });
    const download = await source.request("/api/admin/backup", { cookie: cookieFrom(admin) });
    expect(download.status).toBe(200);
    expect(download.headers.get("content-disposition")).toMatch(/^attachment; filename="tidings-.*\.backup\.jsonl\.gz"$/);
    const bytes = Buffer.from(await download.arrayBuffer());
    expect(Number(download.headers.get("content-length"))).toBe(bytes.length);
    expect(tableContents(bytes).get("users")).toEqual(tableContents(backup).get("users"));
    const reader = await source.request("/api/better-auth/sign-in/email", { json: { email: "ann@example.com", password: PASSWORD } });
    expect(await (await source.request("/api/admin/backup", { cookie: cookieFrom(reader) })).json()).toMatchObject({ code: 1004 });
    expect((await source.request("/api/admin/backup")).status).toBe(401);
    // The local CLI's secret is taken over loopback only: an in-process request has no socket.
    expect((await source.request("/api/admin/backup", { headers: { authorization: "Bearer anything" } })).status).toBe(401);
  });
});
