import { spawn } from "node:child_process";
import { once } from "node:events";
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { PGlite } from "@electric-sql/pglite";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { serveOldestFirst } from "./oldest-first.ts";
import { existingDatabaseBundle } from "./pglite-bundle.ts";
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

/** A PostgreSQL pool's clients: open, idle among them, and queries waiting for one. */
export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
}

export interface DatabaseHandle {
  readonly db: Database;
  readonly driver: DatabaseSource["kind"];
  /** The PGlite instance, for dumps in tests; `null` on PostgreSQL. */
  readonly pglite: PGlite | null;
  /** The pool's clients, read-only (metrics); on PGlite its one connection and the calls waiting for it. */
  readonly poolStats?: () => PoolStats;
  close(): Promise<void>;
}

/**
 * PostgreSQL settings of the embedded database, for a small resident set. PGlite's shared memory
 * lives in its WebAssembly memory and is all touched (so resident) from the start: 8 MB of shared
 * buffers instead of PostgreSQL's 128 MB, the operating system's page cache keeping the data files
 * (a miss costs a read from it, ~10 µs: a search through many entries is then slower, ~1.4x on
 * a 30 000-entry database, than with 32 MB; each MB more here is a MB more resident). And one
 * process uses PGlite: arrays sized for 100 connections would hold ~3 MB for nothing.
 */
const PGLITE_SETTINGS = ["shared_buffers=8MB", "max_connections=10"];

/**
 * Creates a new PGlite data directory in a short-lived child process. In process, PGlite builds
 * the cluster in memory, packs it into a tarball and unpacks it into the directory, and the C
 * allocator keeps the ~50 MB that this churns through for the life of the server.
 */
async function createDataDir(dataDir: string): Promise<void> {
  const script = 'const { PGlite } = await import("@electric-sql/pglite"); await (await PGlite.create({ dataDir: process.argv[1] })).close();';
  const child = spawn(process.execPath, ["--liftoff-only", "--input-type=module", "--eval", script, dataDir], {
    // The eval resolves the package from here, like this module does.
    cwd: path.dirname(fileURLToPath(import.meta.url)),
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr = (stderr + chunk).slice(-4000)));
  const [code] = (await once(child, "close")) as [number | null];
  if (code !== 0) {
    const reason = /^\w*Error: .*$/m.exec(stderr)?.[0] ?? (stderr.trim() || `exit code ${code}`);
    throw new Error(`Could not create the database in ${dataDir}: ${reason}`);
  }
}

/** Opens the database. Nothing connects at import time. */
export async function openDatabase(source: DatabaseSource): Promise<DatabaseHandle> {
  if (source.kind === "pglite") {
    if (source.dataDir && !source.loadDataDir && !existsSync(path.join(source.dataDir, "PG_VERSION"))) {
      await createDataDir(source.dataDir);
    }
    // The database exists now (or comes whole from loadDataDir): PGlite runs no initdb.
    const fsBundle = source.dataDir || source.loadDataDir ? await existingDatabaseBundle() : null;
    // Loaded only for the embedded database: a server on PostgreSQL does without them (~3 MB).
    const [{ PGlite }, { drizzle: drizzlePglite }] = await Promise.all([import("@electric-sql/pglite"), import("drizzle-orm/pglite")]);
    const client = await PGlite.create({
      ...(source.dataDir ? { dataDir: source.dataDir } : {}),
      ...(source.loadDataDir ? { loadDataDir: source.loadDataDir } : {}),
      ...(fsBundle ? { fsBundle } : {}),
      relaxedDurability: false,
      postgresqlconf: PGLITE_SETTINGS,
    });
    const turns = serveOldestFirst(client);
    return {
      db: drizzlePglite(client, { schema }) as unknown as Database,
      driver: "pglite",
      pglite: client,
      poolStats: () => ({ total: 1, idle: turns.busy ? 0 : 1, waiting: turns.waiting }),
      close: () => client.close(),
    };
  }
  // Loaded only for PostgreSQL: the embedded database does without them.
  const [{ default: pg }, { drizzle: drizzlePg }] = await Promise.all([import("pg"), import("drizzle-orm/node-postgres")]);
  const pool = new pg.Pool({ connectionString: source.url, max: source.maxConnections ?? 10 });
  // A dropped idle connection must not crash the process; the pool replaces it.
  pool.on("error", () => {});
  await pool.query("SELECT 1");
  return {
    db: drizzlePg(pool, { schema }) as unknown as Database,
    driver: "postgres",
    pglite: null,
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    close: () => pool.end(),
  };
}

/** The rows of a raw `db.execute()` result; both drivers answer `{ rows }`. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
