import { PGlite } from "@electric-sql/pglite";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import pg from "pg";
import * as schema from "./schema/index.ts";

export type Schema = typeof schema;

/** The Drizzle database every repository takes, whichever driver is underneath. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

/** A transaction or the database itself: repositories accept either. */
export type Executor = Parameters<Parameters<Database["transaction"]>[0]>[0] | Database;

export type DatabaseSource =
  /** Embedded PostgreSQL (PGlite). No `dataDir` keeps everything in memory. */
  | { kind: "pglite"; dataDir?: string; loadDataDir?: Blob }
  /** A PostgreSQL 15+ server. */
  | { kind: "postgres"; url: string; maxConnections?: number };

export interface DatabaseHandle {
  readonly db: Database;
  readonly driver: DatabaseSource["kind"];
  /** The PGlite instance, for dumps in tests; `null` on PostgreSQL. */
  readonly pglite: PGlite | null;
  close(): Promise<void>;
}

const PGLITE_SETTINGS = ["shared_buffers=32MB", "wal_buffers=1MB"];

/** Opens the database. Nothing connects at import time. */
export async function openDatabase(source: DatabaseSource): Promise<DatabaseHandle> {
  if (source.kind === "pglite") {
    const client = await PGlite.create({
      ...(source.dataDir ? { dataDir: source.dataDir } : {}),
      ...(source.loadDataDir ? { loadDataDir: source.loadDataDir } : {}),
      relaxedDurability: false,
      // PostgreSQL's default 128 MB of shared buffers costs ~130 MB of resident memory inside
      // WebAssembly; the operating system's page cache already caches the data files.
      postgresqlconf: PGLITE_SETTINGS,
    });
    return {
      db: drizzlePglite(client, { schema }) as unknown as Database,
      driver: "pglite",
      pglite: client,
      close: () => client.close(),
    };
  }
  const pool = new pg.Pool({ connectionString: source.url, max: source.maxConnections ?? 10 });
  // A dropped idle connection must not crash the process; the pool replaces it.
  pool.on("error", () => {});
  await pool.query("SELECT 1");
  return {
    db: drizzlePg(pool, { schema }) as unknown as Database,
    driver: "postgres",
    pglite: null,
    close: () => pool.end(),
  };
}

/** The rows of a raw `db.execute()` result; both drivers answer `{ rows }`. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
