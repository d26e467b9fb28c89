import { gunzipSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readMigrations } from "../../src/db/migrate.ts";
import { BackupFileError, restoreBackup, RestoreRefusedError } from "../../src/features/backup/index.ts";
import { createTestApp, signUp, type TestApp } from "../helpers/app.ts";
import { openTestDatabase } from "../helpers/database.ts";
import { seedFeed } from "../helpers/seed.ts";
import { backupBytes, streamOf, tableContents } from "./backup-helpers.ts";

let source: TestApp;
let backup: Buffer;
let target: Awaited<ReturnType<typeof openTestDatabase>>;

/** The backup's lines, changed by `edit`, gzip'd again. */
const edited = (edit: (lines: string[]) => string[]) => gzipSync(edit(gunzipSync(backup).toString("utf8").trimEnd().split("\n")).join("\n") + "\n");

/** Every table of the target is still empty: nothing was written. */
async function expectNothingWritten() {
  const contents = tableContents(await backupBytes(target));
  expect([...contents.values()].flat()).toEqual([]);
}

beforeAll(async () => {
  source = await createTestApp();
  const reader = await signUp(source, { email: "ann@example.com" });
  await seedFeed(source, { userId: reader.userId, count: 700 });
  backup = await backupBytes(source.database);
  target = await openTestDatabase();
});
afterAll(async () => {
  await source?.close();
  await target?.close();
});

describe("a restore that cannot be done writes nothing", () => {
  it("refuses a database that holds rows, naming them", async () => {
    const error = await restoreBackup(source.deps.db, streamOf(backup)).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(RestoreRefusedError);
    expect((error as Error).message).toMatch(/not empty \(rows in .*users/);
  });

  it("fails clearly on a file cut short, after writing hundreds of rows in the transaction, and keeps none", async () => {
    const cut = backup.subarray(0, Math.floor(backup.length * 0.8));
    await expect(restoreBackup(target.db, streamOf(cut))).rejects.toThrow(BackupFileError);
    await expect(restoreBackup(target.db, streamOf(cut))).rejects.toThrow(/damaged or cut short/);
    await expectNothingWritten();
  });

  it("fails on damaged bytes, a file that is not a backup, a missing end mark, or a row the schema refuses", async () => {
    const damaged = Buffer.from(backup);
    for (let i = 200; i < 260; i++) damaged[i] = damaged[i]! ^ 0x5a;
    await expect(restoreBackup(target.db, streamOf(damaged))).rejects.toThrow(BackupFileError);
    await expect(restoreBackup(target.db, streamOf(Buffer.from("hello")))).rejects.toThrow(/damaged or cut short/);
    await expect(restoreBackup(target.db, streamOf(gzipSync("{\"a\":1}\n")))).rejects.toThrow(/not a Tidings backup/);
    await expect(restoreBackup(target.db, streamOf(edited((lines) => lines.slice(0, -1))))).rejects.toThrow(/without the end mark/);
    await expect(restoreBackup(target.db, streamOf(edited((lines) => [...lines.slice(0, -1), "{}", lines.at(-1)!])))).rejects.toThrow(/more rows than its header/);
    const badRow = edited((lines) => lines.map((line, index) => (index > 0 && line.includes('"guid":"g5"') ? line.replace('"published_at":"', '"published_at":"not a time') : line)));
    await expect(restoreBackup(target.db, streamOf(badRow))).rejects.toThrow(/rows of table entries could not be restored/);
    await expectNothingWritten();
  });

  it("refuses a backup from a newer schema, and one of a newer format", async () => {
    const newer = edited(([header, ...rest]) => {
      const parsed = JSON.parse(header!) as { migrations: { name: string; hash: string }[] };
      parsed.migrations.push({ name: "9999_from_the_future", hash: "x" });
      return [JSON.stringify(parsed), ...rest];
    });
    const last = (await readMigrations()).at(-1)!.name;
    await expect(restoreBackup(target.db, streamOf(newer))).rejects.toThrow(`made by a newer Tidings: its schema has migration 9999_from_the_future, which this one (up to ${last}) does not know`);
    const format = edited(([header, ...rest]) => [header!.replace('"version":1', '"version":2'), ...rest]);
    await expect(restoreBackup(target.db, streamOf(format))).rejects.toThrow(/format version 2/);
    await expectNothingWritten();
  });

  it("then restores the good file into the same database", async () => {
    const summary = await restoreBackup(target.db, streamOf(backup));
    expect(summary.rows).toBeGreaterThan(1400);
    expect(tableContents(await backupBytes(target))).toEqual(tableContents(backup));
  });
});
