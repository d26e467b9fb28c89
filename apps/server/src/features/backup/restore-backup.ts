import type { Readable } from "node:stream";
import type { Database } from "../../db/client.ts";
import { migrate, readMigrations, type Migration } from "../../db/migrate.ts";
import { BackupFileError, checkTrailer, parseHeader, type BackupHeader } from "./backup-format.ts";
import { createBackupRepo, type BackupRepo } from "./backup.repo.ts";
import { planMigrations, RestoreRefusedError } from "./migration-plan.ts";
import { readBackupLines } from "./read-lines.ts";

/** Rows sent in one INSERT, and the characters of JSON past which a batch goes out earlier. */
const BATCH_ROWS = 500;
const BATCH_CHARS = 8 * 1024 * 1024;

export interface RestoreSummary {
  tables: number;
  rows: number;
  lastMigration: string | null;
  /** Migrations applied after the rows (the backup was made under an older schema). */
  migratedAfter: string[];
}

/**
 * Restores a backup into an empty database, in one transaction: nothing is left half-written when
 * anything fails (a damaged file, a row the schema refuses, a count that does not match). A new
 * database is first migrated to the backup's schema, and after the rows on to this Tidings' own.
 * Refuses a database that holds any row.
 */
export async function restoreBackup(db: Database, input: Readable, options: { migrations?: Migration[] } = {}): Promise<RestoreSummary> {
  const lines = readBackupLines(input);
  try {
    const header = parseHeader((await lines.next()).value ?? undefined);
    const known = options.migrations ?? (await readMigrations());
    return await db.transaction(async (tx) => {
      const repo = createBackupRepo(tx);
      const plan = planMigrations(known, header.migrations, await repo.appliedMigrations());
      await migrate(tx as unknown as Database, plan.before);
      await checkTarget(repo, header);
      let total = 0;
      for (const table of header.tables) total += await restoreTable(repo, table, lines);
      checkTrailer((await lines.next()).value ?? undefined, total);
      if (!(await lines.next()).done) throw new BackupFileError("The backup is damaged: there is more after its end mark");
      const existing = new Set((await repo.sequences()).map((sequence) => sequence.name));
      for (const sequence of header.sequences) if (existing.has(sequence.name)) await repo.setSequence(sequence);
      await repo.sequencesPastRows();
      for (const table of header.tables) {
        const count = await repo.count(table.name);
        if (count !== table.rows) throw new Error(`Table ${table.name} holds ${count} rows after the restore, the backup ${table.rows}`);
      }
      const migratedAfter = await migrate(tx as unknown as Database, known);
      return { tables: header.tables.length, rows: total, lastMigration: header.lastMigration, migratedAfter };
    });
  } finally {
    await lines.return(undefined);
  }
}

/** The database must have the backup's tables and columns, and no row in any table. */
async function checkTarget(repo: BackupRepo, header: BackupHeader): Promise<void> {
  const tables = new Map((await repo.tables()).map((table) => [table.name, table.columns]));
  for (const table of header.tables) {
    const columns = tables.get(table.name);
    if (!columns) throw new RestoreRefusedError(`The database has no table ${table.name}, which the backup holds: its schema does not match the backup's migrations`);
    if (columns.join(",") !== table.columns.join(",")) {
      throw new RestoreRefusedError(`Table ${table.name} has columns (${columns.join(", ")}), the backup (${table.columns.join(", ")}): its schema does not match the backup's migrations`);
    }
  }
  const holding = [];
  for (const name of tables.keys()) if (!(await repo.isEmpty(name))) holding.push(name);
  if (holding.length > 0) {
    throw new RestoreRefusedError(`The database is not empty (rows in ${holding.join(", ")}): restore only into a new, empty database. Nothing was written.`);
  }
}

async function restoreTable(repo: BackupRepo, table: BackupHeader["tables"][number], lines: AsyncGenerator<string>): Promise<number> {
  let batch: string[] = [];
  let chars = 0;
  for (let index = 0; index < table.rows; index++) {
    const next = await lines.next();
    if (next.done) throw new BackupFileError(`The backup is cut short: table ${table.name} ends after ${index} of its ${table.rows} rows`);
    if (!next.value.startsWith("{")) throw new BackupFileError(`The backup is damaged: row ${index + 1} of table ${table.name} is not a JSON object`);
    batch.push(next.value);
    chars += next.value.length;
    if (batch.length >= BATCH_ROWS || chars >= BATCH_CHARS) {
      await insert(repo, table, batch);
      batch = [];
      chars = 0;
    }
  }
  if (batch.length > 0) await insert(repo, table, batch);
  return table.rows;
}

async function insert(repo: BackupRepo, table: BackupHeader["tables"][number], batch: string[]): Promise<void> {
  try {
    await repo.insert(table, batch);
  } catch (error) {
    throw new BackupFileError(`The rows of table ${table.name} could not be restored: ${(error as Error).message}`, { cause: error });
  }
}
