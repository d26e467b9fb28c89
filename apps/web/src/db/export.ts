import { database } from "./database.ts";

/** What an export file holds: every table of the local database, as rows. */
export interface LocalDatabaseExport {
  format: "tidings-local-database";
  version: number;
  exportedAt: string;
  tables: Record<string, unknown[]>;
}

/**
 * The local database as one JSON document (spec §3: "can be exported as a downloadable file"):
 * for a person to keep, inspect or attach to a bug report. The outbox is included, so changes
 * not yet sent are visible too.
 */
export async function exportLocalDatabase(): Promise<LocalDatabaseExport> {
  const db = database();
  await db.open();
  const tables: Record<string, unknown[]> = {};
  await db.transaction("r", db.tables, async () => {
    for (const table of db.tables) tables[table.name] = await table.toArray();
  });
  return { format: "tidings-local-database", version: db.verno, exportedAt: new Date().toISOString(), tables };
}

/** The export as a file name and a Blob, ready to download. */
export async function exportLocalDatabaseFile(): Promise<{ name: string; blob: Blob }> {
  const data = await exportLocalDatabase();
  const stamp = data.exportedAt.slice(0, 19).replace(/[:T]/g, "-");
  return { name: `tidings-local-${stamp}.json`, blob: new Blob([JSON.stringify(data)], { type: "application/json" }) };
}
