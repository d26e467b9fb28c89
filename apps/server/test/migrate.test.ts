import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { rowsOf, type DatabaseHandle } from "../src/db/client.ts";
import { migrate, MigrationError, readMigrations } from "../src/db/migrate.ts";
import { openTestDatabase } from "./helpers/database.ts";

let handle: DatabaseHandle;
afterEach(async () => handle?.close());

async function tableExists(name: string) {
  const rows = rowsOf<{ exists: boolean }>(
    await handle.db.execute(sql`SELECT to_regclass(${name}) IS NOT NULL AS "exists"`),
  );
  return rows[0]!.exists;
}

describe("migrations", () => {
  it("records every committed migration and applies nothing twice", async () => {
    handle = await openTestDatabase();
    const committed = await readMigrations();
    const recorded = rowsOf<{ name: string }>(await handle.db.execute(sql`SELECT name FROM _migrations ORDER BY name`));
    expect(recorded.map((row) => row.name)).toEqual(committed.map((m) => m.name));
    expect(await migrate(handle.db)).toEqual([]);
    expect(await tableExists("timeline")).toBe(true);
  });

  it("leaves the database as it was when one migration fails, and names it", async () => {
    handle = await openTestDatabase();
    const committed = await readMigrations();
    const extra = [
      { name: "9000_good", hash: "a", statements: ["CREATE TABLE good_one (x int)"] },
      { name: "9001_bad", hash: "b", statements: ["CREATE TABLE bad_one (x int)", "SELECT * FROM no_such_table"] },
    ];
    const failure = await migrate(handle.db, [...committed, ...extra]).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(MigrationError);
    expect((failure as MigrationError).migration).toBe("9001_bad");
    expect((failure as Error).message).toMatch(/^Migration 9001_bad failed/);
    expect(await tableExists("good_one")).toBe(false);
    expect(await tableExists("bad_one")).toBe(false);
    const recorded = rowsOf<{ name: string }>(await handle.db.execute(sql`SELECT name FROM _migrations`));
    expect(recorded.map((row) => row.name)).not.toContain("9000_good");
  });
});
