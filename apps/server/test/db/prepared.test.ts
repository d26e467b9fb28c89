import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "../../src/db/client.ts";
import { executePrepared } from "../../src/db/prepared.ts";
import { textParams } from "../../src/db/sql-helpers.ts";
import { openTestDatabase } from "../helpers/database.ts";

let database: Awaited<ReturnType<typeof openTestDatabase>>;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

describe("executePrepared: a statement parsed once per connection", () => {
  it("answers each run with its own parameters, and PostgreSQL holds the statement once for the connection", async () => {
    const statement = (n: number, texts: string[]) => sql`SELECT ${n}::int + 1 AS next, (SELECT count(*)::int FROM unnest(${textParams(texts)})) AS texts`;
    const runs = await database.db.transaction(async (tx) => {
      const answers = [];
      for (let n = 0; n < 7; n++) answers.push(rowsOf<{ next: number; texts: number }>(await executePrepared(tx, statement(n, Array.from({ length: n }, () => "x"))))[0]);
      const held = rowsOf<{ name: string; calls: number }>(await tx.execute(sql`SELECT name, generic_plans + custom_plans AS calls FROM pg_prepared_statements WHERE name LIKE 'tidings_%'`));
      return { answers, held };
    });
    expect(runs.answers).toEqual(Array.from({ length: 7 }, (_, n) => ({ next: n + 1, texts: n })));
    expect(runs.held).toHaveLength(1);
    expect(Number(runs.held[0]!.calls)).toBe(7);
  });

  it("keeps two statements apart by their text, and a failing run leaves the connection usable", async () => {
    await database.db.transaction(async (tx) => {
      expect(rowsOf<{ a: number }>(await executePrepared(tx, sql`SELECT ${1}::int AS a`))[0]!.a).toBe(1);
      expect(rowsOf<{ b: string }>(await executePrepared(tx, sql`SELECT ${"two"}::text AS b`))[0]!.b).toBe("two");
    });
    const failure = (await database.db.transaction((tx) => executePrepared(tx, sql`SELECT 1 / ${0}::int AS boom`)).catch((error: unknown) => error)) as Error & { cause?: Error };
    expect(failure).toBeInstanceOf(Error);
    expect(failure.cause?.message ?? failure.message).toMatch(/division by zero/);
    expect(rowsOf<{ a: number }>(await executePrepared(database.db, sql`SELECT ${3}::int AS a`))[0]!.a).toBe(3);
  });
});
