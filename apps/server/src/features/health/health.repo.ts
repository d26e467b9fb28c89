import { sql } from "drizzle-orm";
import { rowsOf, type Database } from "../../db/client.ts";
import { readMigrations } from "../../db/migrate.ts";

/** What the readiness probe asks the database: does it answer, which migrations has it applied. */
export function createHealthRepo(db: Database) {
  return {
    async ping(): Promise<void> {
      await db.execute(sql`SELECT 1`);
    },

    /** The names in `_migrations`; none when no migration ever ran (the table is missing). */
    async appliedMigrations(): Promise<string[]> {
      const [table] = rowsOf<{ name: string | null }>(await db.execute(sql`SELECT to_regclass('"_migrations"')::text AS "name"`));
      if (!table?.name) return [];
      return rowsOf<{ name: string }>(await db.execute(sql`SELECT "name" FROM "_migrations"`)).map((row) => row.name);
    },

    /** The migrations this server ships (its journal), in order. */
    async shippedMigrations(): Promise<string[]> {
      return (await readMigrations()).map((migration) => migration.name);
    },
  };
}

export type HealthRepo = ReturnType<typeof createHealthRepo>;
