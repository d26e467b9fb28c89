import { existsSync } from "node:fs";
import path from "node:path";
import type { Database } from "./client.ts";
import * as schema from "./schema/index.ts";

/**
 * The embedded database of an earlier Tidings: PGlite (PostgreSQL in WebAssembly, one query at a
 * time) in DATA_DIR/db. Opened only to move its rows into the embedded PostgreSQL, once.
 */
export const legacyPgliteDirOf = (dataDir: string) => path.join(dataDir, "db");

/** Whether `dataDir` holds a PGlite database not moved yet. */
export const hasLegacyPglite = (dataDir: string) => existsSync(path.join(legacyPgliteDirOf(dataDir), "PG_VERSION"));

/** Opens the PGlite database in `dir` (loads PGlite for this only). */
export async function openLegacyPglite(dir: string): Promise<{ db: Database; close(): Promise<void> }> {
  const [{ PGlite }, { drizzle }] = await Promise.all([import("@electric-sql/pglite"), import("drizzle-orm/pglite")]);
  const client = await PGlite.create({ dataDir: dir });
  return { db: drizzle(client, { schema }) as unknown as Database, close: () => client.close() };
}
