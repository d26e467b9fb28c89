import { sql } from "drizzle-orm";
import { rowsOf, type Executor } from "../../db/client.ts";

/** A table of the database as a backup sees it: its name and the columns that hold data. */
export interface TableShape {
  name: string;
  /** Every column but generated ones (PostgreSQL computes those again), in table order. */
  columns: string[];
}

/** A sequence's state (`setval(name, lastValue, isCalled)` puts it back). */
export interface SequenceState {
  name: string;
  lastValue: string;
  isCalled: boolean;
}

/** The bookkeeping table of migrations: not data, a backup records it in its header. */
const MIGRATIONS_TABLE = "_migrations";

/**
 * Reads the catalogue of the schema the connection works in, and moves rows in and out of it. Every
 * table is found in the catalogue, none is named here: a table a later migration adds is backed up
 * with the rest.
 */
export function createBackupRepo(db: Executor) {
  return {
    /** The tables, parents before the tables whose foreign keys point at them. */
    async tables(): Promise<TableShape[]> {
      const columns = rowsOf<{ table: string; column: string }>(
        await db.execute(sql`SELECT c.relname AS "table", a.attname AS "column"
          FROM pg_class c JOIN pg_attribute a ON a.attrelid = c.oid
          WHERE c.relnamespace = (SELECT oid FROM pg_namespace WHERE nspname = current_schema()) AND c.relkind IN ('r', 'p')
            AND NOT c.relispartition AND c.relname <> ${MIGRATIONS_TABLE}
            AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = ''
          ORDER BY c.relname, a.attnum`),
      );
      const references = rowsOf<{ child: string; parent: string }>(
        await db.execute(sql`SELECT child.relname AS child, parent.relname AS parent
          FROM pg_constraint k JOIN pg_class child ON child.oid = k.conrelid JOIN pg_class parent ON parent.oid = k.confrelid
          WHERE k.contype = 'f' AND k.connamespace = (SELECT oid FROM pg_namespace WHERE nspname = current_schema())`),
      );
      const shapes = new Map<string, string[]>();
      for (const row of columns) shapes.set(row.table, [...(shapes.get(row.table) ?? []), row.column]);
      return parentsFirst([...shapes.keys()], references).map((name) => ({ name, columns: shapes.get(name)! }));
    },

    async sequences(): Promise<SequenceState[]> {
      const names = rowsOf<{ name: string }>(
        await db.execute(sql`SELECT relname AS name FROM pg_class WHERE relkind = 'S' AND relnamespace = (SELECT oid FROM pg_namespace WHERE nspname = current_schema()) ORDER BY relname`),
      );
      const states: SequenceState[] = [];
      for (const { name } of names) {
        const [row] = rowsOf<{ lastValue: string | number; isCalled: boolean }>(
          await db.execute(sql`SELECT last_value AS "lastValue", is_called AS "isCalled" FROM ${sql.identifier(name)}`),
        );
        states.push({ name, lastValue: String(row!.lastValue), isCalled: row!.isCalled });
      }
      return states;
    },

    /** The migrations applied, in order; none when the bookkeeping table is not there yet. */
    async appliedMigrations(): Promise<{ name: string; hash: string }[]> {
      const [exists] = rowsOf<{ found: boolean }>(await db.execute(sql`SELECT to_regclass(${MIGRATIONS_TABLE}) IS NOT NULL AS found`));
      if (!exists!.found) return [];
      return rowsOf(await db.execute(sql`SELECT name, hash FROM ${sql.identifier(MIGRATIONS_TABLE)} ORDER BY applied_at, name`));
    },

    async count(table: string): Promise<number> {
      const [row] = rowsOf<{ n: string | number }>(await db.execute(sql`SELECT count(*) AS n FROM ${sql.identifier(table)}`));
      return Number(row!.n);
    },

    async isEmpty(table: string): Promise<boolean> {
      const [row] = rowsOf<{ found: boolean }>(await db.execute(sql`SELECT EXISTS (SELECT 1 FROM ${sql.identifier(table)}) AS found`));
      return !row!.found;
    },

    /**
     * The rows of a table as PostgreSQL's own JSON (`row_to_json`), `batch` at a time through a
     * cursor: values keep their exact text (numbers, timestamps to the microsecond, bytea as hex),
     * and `json_populate_recordset` reads them back. Call inside a transaction.
     */
    async *rows(table: TableShape, batch: number): AsyncGenerator<string[]> {
      const cursor = sql.identifier(`backup_${table.name}`);
      const columns = sql.join(table.columns.map((column) => sql.identifier(column)), sql`, `);
      await db.execute(sql`DECLARE ${cursor} NO SCROLL CURSOR FOR SELECT row_to_json(t)::text AS line FROM (SELECT ${columns} FROM ${sql.identifier(table.name)}) t`);
      try {
        for (;;) {
          const lines = rowsOf<{ line: string }>(await db.execute(sql`FETCH ${sql.raw(String(batch))} FROM ${cursor}`));
          if (lines.length === 0) return;
          yield lines.map((row) => row.line);
        }
      } finally {
        await db.execute(sql`CLOSE ${cursor}`);
      }
    },

    /** Inserts rows given as JSON objects (one text each), with the ids and identity values they carry. */
    async insert(table: TableShape, lines: readonly string[]): Promise<void> {
      const name = sql.identifier(table.name);
      const columns = sql.join(table.columns.map((column) => sql.identifier(column)), sql`, `);
      await db.execute(sql`INSERT INTO ${name} (${columns}) OVERRIDING SYSTEM VALUE
        SELECT ${columns} FROM json_populate_recordset(NULL::${name}, ${`[${lines.join(",")}]`}::json)`);
    },

    async setSequence(state: SequenceState): Promise<void> {
      await db.execute(sql`SELECT setval(${state.name}::regclass, ${state.lastValue}::bigint, ${state.isCalled})`);
    },

    /** Moves each column's sequence (identity or serial) past the largest value the column holds. */
    async sequencesPastRows(): Promise<void> {
      const owned = rowsOf<{ table: string; column: string; sequence: string }>(
        await db.execute(sql`SELECT c.relname AS "table", a.attname AS "column", pg_get_serial_sequence(quote_ident(c.relname), a.attname) AS sequence
          FROM pg_class c JOIN pg_attribute a ON a.attrelid = c.oid
          WHERE c.relnamespace = (SELECT oid FROM pg_namespace WHERE nspname = current_schema()) AND c.relkind = 'r' AND a.attnum > 0 AND NOT a.attisdropped
            AND pg_get_serial_sequence(quote_ident(c.relname), a.attname) IS NOT NULL`),
      );
      for (const { table, column, sequence } of owned) {
        await db.execute(sql`SELECT setval(${sequence}::regclass, m) FROM (SELECT max(${sql.identifier(column)}) AS m FROM ${sql.identifier(table)}) t
          WHERE m IS NOT NULL AND m > (SELECT CASE WHEN is_called THEN last_value ELSE last_value - 1 END FROM ${sql.raw(sequence)})`);
      }
    },
  };
}

export type BackupRepo = ReturnType<typeof createBackupRepo>;

/** Orders tables so that each comes after those its foreign keys point at (a table pointing at itself aside). */
export function parentsFirst(tables: string[], references: { child: string; parent: string }[]): string[] {
  const ordered: string[] = [];
  const state = new Map<string, "visiting" | "done">();
  const parentsOf = (table: string) => references.filter((reference) => reference.child === table && reference.parent !== table).map((reference) => reference.parent);
  const visit = (table: string) => {
    if (state.get(table) === "done") return;
    if (state.get(table) === "visiting") throw new Error(`Foreign keys form a circle through table ${table}`);
    state.set(table, "visiting");
    for (const parent of parentsOf(table)) if (tables.includes(parent)) visit(parent);
    state.set(table, "done");
    ordered.push(table);
  };
  for (const table of [...tables].sort()) visit(table);
  return ordered;
}
