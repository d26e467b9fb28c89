import { describe, expect, it } from "vitest";
import type { Migration } from "../../db/migrate.ts";
import { planMigrations, RestoreRefusedError } from "./migration-plan.ts";
import { parentsFirst } from "./backup.repo.ts";

const known: Migration[] = ["0000_init", "0001_a", "0002_b"].map((name) => ({ name, hash: name, statements: [] }));
const named = (...names: string[]) => names.map((name) => ({ name }));

describe("planMigrations", () => {
  it("migrates a new database to the backup's schema before the rows, and on to this one's after", () => {
    expect(planMigrations(known, named("0000_init", "0001_a"), [])).toEqual({ before: known.slice(0, 2), after: known.slice(2) });
    expect(planMigrations(known, named("0000_init", "0001_a", "0002_b"), named("0000_init", "0001_a", "0002_b"))).toEqual({ before: known, after: [] });
  });
  it("refuses a backup from a newer Tidings, a database past the backup's schema, and a foreign order", () => {
    expect(() => planMigrations(known, named("0000_init", "0001_a", "0002_b", "0003_c"), [])).toThrow(/newer Tidings: its schema has migration 0003_c, which this one \(up to 0002_b\)/);
    expect(() => planMigrations(known, named("0000_init"), named("0000_init", "0001_a"))).toThrow(RestoreRefusedError);
    expect(() => planMigrations(known, named("0000_init"), named("0000_init", "0001_a"))).toThrow(/already migrated to 0001_a, past the backup's 0000_init/);
    expect(() => planMigrations(known, named("0001_a"), [])).toThrow(/do not follow this Tidings' order/);
    expect(() => planMigrations(known, [], named("0000_init", "0009_z"))).toThrow(/belongs to a newer Tidings/);
  });
});

describe("parentsFirst", () => {
  it("puts the tables foreign keys point at first, whatever their names", () => {
    const order = parentsFirst(["a_child", "b_parent", "c_grandparent", "d_alone"], [
      { child: "a_child", parent: "b_parent" },
      { child: "b_parent", parent: "c_grandparent" },
      { child: "a_child", parent: "a_child" },
    ]);
    expect(order.indexOf("c_grandparent")).toBeLessThan(order.indexOf("b_parent"));
    expect(order.indexOf("b_parent")).toBeLessThan(order.indexOf("a_child"));
    expect(order).toHaveLength(4);
  });
  it("names a circle of foreign keys", () => {
    expect(() => parentsFirst(["a", "b"], [{ child: "a", parent: "b" }, { child: "b", parent: "a" }])).toThrow(/circle through table/);
  });
});
