import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import { sql } from "drizzle-orm";
import { rowsOf, type Database } from "./client.ts";

const MIGRATIONS_DIR = new URL("./migrations/", import.meta.url);
/** Serialises concurrent starts of several server processes on one PostgreSQL. */
const MIGRATION_LOCK_KEY = 7_215_001;

interface Journal {
  entries: { idx: number; tag: string }[];
}

export interface Migration {
  name: string;
  hash: string;
  statements: string[];
}

/** Raised when a migration fails; nothing of the run was kept. */
export class MigrationError extends Error {
  readonly migration: string;
  constructor(migration: string, cause: unknown) {
    const reason = cause instanceof Error ? cause.message : String(cause);
    super(`Migration ${migration} failed, the database was left as it was: ${reason}`, { cause });
    this.name = "MigrationError";
    this.migration = migration;
  }
}

/** The committed migrations, in order. */
export async function readMigrations(dir: URL = MIGRATIONS_DIR): Promise<Migration[]> {
  const journal = JSON.parse(await readFile(new URL("meta/_journal.json", dir), "utf8")) as Journal;
  const sorted = [...journal.entries].sort((a, b) => a.idx - b.idx);
  return Promise.all(
    sorted.map(async ({ tag }) => {
      const text = await readFile(new URL(`${tag}.sql`, dir), "utf8");
      return {
        name: tag,
        hash: createHash("sha256").update(text).digest("hex"),
        statements: text
          .split("--> statement-breakpoint")
          .map((statement) => statement.trim())
          .filter(Boolean),
      };
    }),
  );
}

/**
 * Applies every pending migration in one transaction: either all of them are applied, or the
 * database stays exactly as it was and a {@link MigrationError} names the migration that failed.
 * Returns the names applied.
 */
export async function migrate(db: Database, migrations?: Migration[]): Promise<string[]> {
  const all = migrations ?? (await readMigrations());
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK_KEY})`);
    await tx.execute(sql`CREATE TABLE IF NOT EXISTS "_migrations" (
      "name" text PRIMARY KEY,
      "hash" text NOT NULL,
      "applied_at" timestamptz NOT NULL DEFAULT now()
    )`);
    const applied = rowsOf<{ name: string }>(await tx.execute(sql`SELECT "name" FROM "_migrations"`));
    const done = new Set(applied.map((row) => row.name));
    const pending = all.filter((migration) => !done.has(migration.name));
    for (const migration of pending) {
      try {
        for (const statement of migration.statements) await tx.execute(sql.raw(statement));
        await tx.execute(sql`INSERT INTO "_migrations" ("name", "hash") VALUES (${migration.name}, ${migration.hash})`);
      } catch (error) {
        throw new MigrationError(migration.name, error);
      }
    }
    return pending.map((migration) => migration.name);
  });
}
