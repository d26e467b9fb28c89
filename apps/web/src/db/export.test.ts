import "fake-indexeddb/auto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { setDatabaseForTests, TidingsDatabase } from "./database.ts";
import { exportLocalDatabase, exportLocalDatabaseFile } from "./export.ts";

let db: TidingsDatabase;
beforeEach(() => {
  db = new TidingsDatabase(`export-test-${Math.random()}`);
  setDatabaseForTests(db);
});
afterEach(async () => db.delete());

describe("exportLocalDatabase", () => {
  it("holds every table with its rows, and the schema version", async () => {
    await db.unread.bulkPut([
      { id: "111", count: 3 },
      { id: "222", count: 0 },
    ]);
    await db.outbox.add({ kind: "read", entryIds: ["9"], createdAt: 1 });
    const data = await exportLocalDatabase();
    expect(data.format).toBe("tidings-local-database");
    expect(data.version).toBe(db.verno);
    expect(Object.keys(data.tables).sort()).toEqual(["entries", "feeds", "lists", "meta", "outbox", "subscriptions", "translations", "unread"]);
    expect(data.tables.unread).toEqual([
      { id: "111", count: 3 },
      { id: "222", count: 0 },
    ]);
    expect(data.tables.outbox).toMatchObject([{ kind: "read", entryIds: ["9"] }]);
  });

  it("makes a dated JSON file of it", async () => {
    const file = await exportLocalDatabaseFile();
    expect(file.name).toMatch(/^tidings-local-\d{4}-\d{2}-\d{2}-\d{2}-\d{2}-\d{2}\.json$/);
    expect(file.blob.type).toBe("application/json");
    expect(JSON.parse(await file.blob.text())).toMatchObject({ format: "tidings-local-database" });
  });
});
