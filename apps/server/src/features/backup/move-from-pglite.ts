import { createReadStream, createWriteStream } from "node:fs";
import { rename, rm } from "node:fs/promises";
import path from "node:path";
import type { Database } from "../../db/client.ts";
import type { Logger } from "../../lib/logger.ts";
import { createBackupRepo } from "./backup.repo.ts";
import { restoreBackup } from "./restore-backup.ts";
import { writeBackup } from "./write-backup.ts";

export interface MovedDatabase {
  tables: number;
  rows: number;
  /** The backup the move was made through, kept beside the old directory. */
  backup: string;
  /** Where the old PGlite directory now is (a backup: delete it once satisfied). */
  keptAt: string;
  ms: number;
}

/** The move could not be made or checked; the PGlite directory was left where it was. */
export class MoveFailedError extends Error {
  constructor(message: string, options?: { cause: unknown }) {
    super(message, options);
    this.name = "MoveFailedError";
  }
}

const stamp = (date: Date) => date.toISOString().replace(/[:.]/g, "-");

/**
 * Moves everything of an embedded PGlite database (an earlier Tidings) into `target`, the new
 * embedded PostgreSQL, before it is migrated: a backup of PGlite written into DATA_DIR (kept), restored
 * into `target` in one transaction, every table's rows counted again there against the backup's
 * counts, then the old directory renamed aside (kept as a second backup). A move cut short
 * (a kill, a full disk) leaves the PGlite directory where it was and the target empty, and the
 * next start does it again; a target that already holds rows is refused, unless it holds exactly
 * the backup's counts (the last start committed the copy and stopped before the rename).
 */
export async function moveFromPglite(deps: {
  legacyDir: string;
  dataDir: string;
  target: Database;
  openLegacy: (dir: string) => Promise<{ db: Database; close(): Promise<void> }>;
  logger: Logger;
  now?: () => Date;
}): Promise<MovedDatabase> {
  const now = deps.now ?? (() => new Date());
  const started = performance.now();
  const backup = path.join(deps.dataDir, `pglite-moved-${stamp(now())}.backup.jsonl.gz`);
  deps.logger.info({ from: deps.legacyDir }, "moving the embedded PGlite database into the embedded PostgreSQL (once, after the upgrade)");
  const legacy = await deps.openLegacy(deps.legacyDir);
  let summary;
  try {
    const partial = `${backup}.partial`;
    summary = await writeBackup(legacy.db, "pglite", createWriteStream(partial, { mode: 0o600 }), now);
    await rename(partial, backup);
  } catch (error) {
    await rm(`${backup}.partial`, { force: true });
    throw new MoveFailedError(`Could not read the PGlite database in ${deps.legacyDir} to move it: ${(error as Error).message}. It was left as it was.`, { cause: error });
  } finally {
    await legacy.close();
  }
  const repo = createBackupRepo(deps.target);
  const recount = async () => {
    const differences: string[] = [];
    for (const [table, rows] of Object.entries(summary.counts)) {
      const found = await repo.count(table).catch(() => -1);
      if (found !== rows) differences.push(`${table}: ${rows} in PGlite, ${found < 0 ? "missing" : found} in PostgreSQL`);
    }
    return differences;
  };
  try {
    await restoreBackup(deps.target, createReadStream(backup));
  } catch (error) {
    // A copy committed by a start that stopped before the rename: the same rows are there.
    if ((await recount()).length > 0) {
      throw new MoveFailedError(`Could not move the PGlite database in ${deps.legacyDir} into PostgreSQL: ${(error as Error).message}. The PGlite directory was left as it was; its backup is ${backup}.`, { cause: error });
    }
  }
  const differences = await recount();
  if (differences.length) throw new MoveFailedError(`The move of ${deps.legacyDir} did not check out (${differences.join("; ")}). The PGlite directory was left as it was; its backup is ${backup}.`);
  const keptAt = `${deps.legacyDir}.pglite-${stamp(now())}`;
  await rename(deps.legacyDir, keptAt);
  await rm(`${deps.legacyDir}.lock`, { force: true });
  const moved = { tables: summary.tables, rows: summary.rows, backup, keptAt, ms: Math.round(performance.now() - started) };
  deps.logger.warn(moved, `moved the PGlite database into PostgreSQL: ${summary.rows} rows in ${summary.tables} tables, each table counted again; the old directory is kept at ${keptAt} and its backup at ${backup} (delete them once you are satisfied)`);
  return moved;
}
