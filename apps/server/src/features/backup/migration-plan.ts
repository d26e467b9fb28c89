import type { Migration } from "../../db/migrate.ts";

/** A restore refused before anything was written: the database or the backup does not fit. */
export class RestoreRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "RestoreRefusedError";
  }
}

export interface MigrationPlan {
  /** Applied before the rows go in: the database then has the backup's schema. */
  before: Migration[];
  /** Applied after: the restored data moves on to this Tidings' schema like any database would. */
  after: Migration[];
}

/**
 * Which migrations a restore applies around the rows, given those this Tidings has (`known`),
 * those the backup was made under and those the database has. Refuses a backup of a newer schema
 * than this Tidings knows, and a database already migrated past the backup's schema (its later
 * migrations could not reshape the rows restored under them).
 */
export function planMigrations(known: readonly Migration[], backup: readonly { name: string }[], applied: readonly { name: string }[]): MigrationPlan {
  const knownNames = known.map((migration) => migration.name);
  const last = known.at(-1)?.name ?? "none";
  backup.forEach((migration, index) => {
    if (knownNames[index] !== migration.name) {
      throw new RestoreRefusedError(
        knownNames.includes(migration.name)
          ? `The backup's migrations do not follow this Tidings' order (${migration.name} at position ${index + 1}); it was not made by Tidings`
          : `The backup was made by a newer Tidings: its schema has migration ${migration.name}, which this one (up to ${last}) does not know. Upgrade Tidings, then restore.`,
      );
    }
  });
  applied.forEach((migration, index) => {
    if (knownNames[index] !== migration.name) throw new RestoreRefusedError(`The database has migration ${migration.name}, which this Tidings (up to ${last}) does not know: it belongs to a newer Tidings.`);
  });
  if (applied.length > backup.length) {
    throw new RestoreRefusedError(
      `The database is already migrated to ${applied.at(-1)!.name}, past the backup's ${backup.at(-1)?.name ?? "(none)"}: restore into a new, empty database (restore migrates it itself).`,
    );
  }
  return { before: known.slice(0, backup.length), after: known.slice(backup.length) };
}
