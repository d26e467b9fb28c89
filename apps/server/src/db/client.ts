import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import type { PoolConfig } from "pg";
import { lowerPriority } from "../lib/thread-priority.ts";
import type { EmbeddedPostgres, EmbeddedPostgresLog } from "./embedded/embedded-postgres.ts";
import * as schema from "./schema/index.ts";

export type Schema = typeof schema;

/** The Drizzle database every repository takes. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

/** A transaction or the database itself: repositories accept either. */
export type Executor = Parameters<Parameters<Database["transaction"]>[0]>[0] | Database;

export type DatabaseSource =
  /**
   * The embedded database: a PostgreSQL server of this process's own, run from the registry's
   * binaries in `dir` (DATA_DIR/postgres), made there on the first start. The caller holds the
   * data directory's lock (claimDataDir).
   */
  | { kind: "embedded"; dir: string; logger?: EmbeddedPostgresLog; durable?: boolean; maxConnections?: number; settings?: Record<string, string> }
  /**
   * A PostgreSQL 15+ server. `background`: its connections' server processes run below the ones
   * answering readers where this process may renice them (the embedded database's).
   */
  | { kind: "postgres"; url: string; maxConnections?: number; background?: boolean };

/** What a database is, as the health route and backups name it. */
export type DatabaseDriver = DatabaseSource["kind"];

/** A PostgreSQL pool's clients: open, idle among them, and queries waiting for one. */
export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
}

export interface DatabaseHandle {
  readonly db: Database;
  readonly driver: DatabaseDriver;
  /** The embedded PostgreSQL this handle runs; null on a server of the operator's. */
  readonly embedded: EmbeddedPostgres | null;
  /**
   * Where background work writes (the refresh's stores): on the embedded database a small pool
   * of its own whose server processes run below the ones answering readers (niceness 10);
   * elsewhere the database itself.
   */
  readonly background?: Database;
  /** The pool's clients, read-only (metrics). */
  readonly poolStats?: () => PoolStats;
  /** Why the database cannot answer now (the embedded one is being restarted), or null. */
  readonly down?: () => string | null;
  close(): Promise<void>;
}

/** The pool of a server process: 10 connections (the embedded cluster allows 40 in all). */
const POOL_SIZE = 10;
/** The background pool of the embedded database: as many as feeds are stored at once on a small machine. */
const BACKGROUND_POOL_SIZE = 4;

async function openPool(config: PoolConfig, options: { background?: boolean } = {}): Promise<Omit<DatabaseHandle, "driver" | "embedded">> {
  const [{ default: pg }, { drizzle }] = await Promise.all([import("pg"), import("drizzle-orm/node-postgres")]);
  const pool = new pg.Pool({ max: POOL_SIZE, ...config });
  // A dropped idle connection must not crash the process; the pool replaces it.
  pool.on("error", () => {});
  // Background connections' server processes run below the others where this process may renice
  // them (the embedded database's, as its owner or as root), found by the pid each connection's
  // start named (BackendKeyData): the refresh's writes take the processors readers' queries leave.
  if (options.background) pool.on("connect", (client) => lowerPriority((client as { processID?: number }).processID));
  try {
    // The background pool's server is the first pool's, checked already: it connects when used.
    if (!options.background) await pool.query("SELECT 1");
  } catch (error) {
    await pool.end();
    throw error;
  }
  return {
    db: drizzle(pool, { schema }) as unknown as Database,
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    close: () => pool.end(),
  };
}

/** Opens the database (starting the embedded PostgreSQL first). Nothing connects at import time. */
export async function openDatabase(source: DatabaseSource): Promise<DatabaseHandle> {
  if (source.kind === "embedded") {
    const { startEmbeddedPostgres } = await import("./embedded/embedded-postgres.ts");
    const embedded = await startEmbeddedPostgres({
      dir: source.dir,
      ...(source.logger ? { logger: source.logger } : {}),
      ...(source.durable === false ? { durable: false } : {}),
      ...(source.settings ? { settings: source.settings } : {}),
    });
    let pool: Awaited<ReturnType<typeof openPool>>;
    let background: Awaited<ReturnType<typeof openPool>>;
    try {
      pool = await openPool({ ...embedded.connection, ...(source.maxConnections ? { max: source.maxConnections } : {}) });
      background = await openPool({ ...embedded.connection, max: Math.min(BACKGROUND_POOL_SIZE, source.maxConnections ?? POOL_SIZE) }, { background: true });
    } catch (error) {
      await embedded.stop();
      throw error;
    }
    return {
      ...pool,
      background: background.db,
      driver: "embedded",
      embedded,
      down: embedded.down,
      close: async () => {
        await Promise.all([pool.close(), background.close()]);
        await embedded.stop();
      },
    };
  }
  const pool = await openPool({ connectionString: source.url, ...(source.maxConnections ? { max: source.maxConnections } : {}) }, { background: source.background === true });
  return { ...pool, driver: "postgres", embedded: null };
}

/** The rows of a raw `db.execute()` result: `{ rows }`. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
