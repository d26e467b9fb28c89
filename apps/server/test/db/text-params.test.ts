import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "../../src/db/client.ts";
import { textParams } from "../../src/db/sql-helpers.ts";
import { openTestDatabase } from "../helpers/database.ts";

let database: Awaited<ReturnType<typeof openTestDatabase>>;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

async function roundTrip(values: (string | Uint8Array | null)[]): Promise<(string | null)[]> {
  const [row] = rowsOf<{ texts: (string | null)[] }>(await database.db.execute(sql`SELECT ${textParams(values)} AS texts`));
  return row!.texts;
}

describe("textParams: texts as one binary text[] parameter", () => {
  it("reads back every text in order, NULLs and empty strings kept apart, strings and UTF-8 bytes alike", async () => {
    const long = "<p>kilobytes of HTML, quotes \" ' and backslashes \\ {braces}, commas,</p>".repeat(200);
    const values = ["plain", null, "", "café ☕ 🦊 日本語", new TextEncoder().encode("bytes: ünïcødé"), long];
    expect(await roundTrip(values)).toEqual(["plain", null, "", "café ☕ 🦊 日本語", "bytes: ünïcødé", long]);
  });

  it("sends an empty array, which unnest reads as no rows", async () => {
    expect(await roundTrip([])).toEqual([]);
    const [row] = rowsOf<{ n: number }>(await database.db.execute(sql`SELECT count(*)::int AS n FROM unnest(${textParams([])})`));
    expect(row!.n).toBe(0);
  });

  it("is refused whole when a text is not valid UTF-8: nothing half-read", async () => {
    await expect(roundTrip(["fine", new Uint8Array([0x61, 0xff, 0xfe])])).rejects.toThrow();
  });
});
