// The database a benchmark runs on, made for it and removed afterwards:
//  - "postgres": a new database on a PostgreSQL server reached by URL, as a scaled-out install
//    runs (DATABASE_URL): BENCH_DATABASE_URL's server when it is set, else an embedded PostgreSQL
//    this process starts in a temporary directory for the benchmark (fsync off);
//  - "embedded": the embedded database as `npm start` opens it (DATA_DIR, no DATABASE_URL): the
//    handle starts PostgreSQL in a temporary directory itself, and stops it when closed.
// Neither needs a PostgreSQL on the machine.
import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { type DatabaseSource, type EmbeddedPostgres, startEmbeddedPostgres } from "@tidings/server";
import { stopClusterLeftover, stopWithThisProcess } from "./postgres-processes.ts";

export type BenchDatabaseKind = "embedded" | "postgres";

export interface BenchDatabase {
  /** What to open (openDatabase); an "embedded" source is opened by one handle at a time. */
  source: DatabaseSource;
  /** What the figures were measured on, for the printed report. */
  label: string;
  /** The cluster directory of the PostgreSQL the database is on, when it runs here for the benchmark. */
  clusterDir: string | null;
  /** Removes the database (and the PostgreSQL this process started for it, and its directory). */
  drop(): Promise<void>;
  /** Leaves the database in place instead (stopping a PostgreSQL this process started); answers where it is. */
  keep(): Promise<string>;
}

/** Reads `--db embedded|postgres` (an older "pglite" is the embedded database now). */
export function benchDatabaseKind(value: string | undefined, fallback: BenchDatabaseKind): BenchDatabaseKind {
  if (value === undefined) return fallback;
  if (value === "postgres") return "postgres";
  if (value === "embedded" || value === "pglite") return "embedded";
  throw new Error(`--db must be "embedded" or "postgres" (got "${value}")`);
}

async function admin(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * A temporary data directory, the cluster to go in its `postgres` (as root PostgreSQL runs as
 * another user, whom startEmbeddedPostgres lets through this directory).
 */
async function temporaryDataDir(prefix: string): Promise<string> {
  return mkdtemp(path.join(tmpdir(), `${prefix.replace(/_/g, "-")}-`));
}

/** Where to open the bench's database, and how to remove it when done. */
export async function benchDatabase(kind: BenchDatabaseKind, options: { prefix: string; maxConnections: number; /** "postgres": this server instead of BENCH_DATABASE_URL's. */ serverUrl?: string }): Promise<BenchDatabase> {
  if (kind === "embedded") {
    const dataDir = await temporaryDataDir(options.prefix);
    const dir = path.join(dataDir, "postgres");
    stopWithThisProcess(dir);
    const remove = async () => {
      // A handle that was not closed (the bench failed half-way) leaves its PostgreSQL running.
      await stopClusterLeftover(dir);
      await rm(dataDir, { recursive: true, force: true });
    };
    return {
      source: { kind: "embedded", dir, durable: false, maxConnections: options.maxConnections },
      label: "embedded PostgreSQL (as npm start runs it; fsync off)",
      clusterDir: dir,
      drop: remove,
      keep: async () => {
        await stopClusterLeftover(dir);
        return `the embedded PostgreSQL cluster ${dir}`;
      },
    };
  }
  const name = `${options.prefix}_${randomBytes(4).toString("hex")}`;
  const adminUrl = options.serverUrl ?? process.env.BENCH_DATABASE_URL;
  let embedded: EmbeddedPostgres | null = null;
  let dataDir: string | null = null;
  let serverUrl: string;
  if (adminUrl) serverUrl = adminUrl;
  else {
    dataDir = await temporaryDataDir(options.prefix);
    stopWithThisProcess(path.join(dataDir, "postgres"));
    // A server of its own for the benchmark, with room for several processes' pools.
    embedded = await startEmbeddedPostgres({ dir: path.join(dataDir, "postgres"), durable: false, settings: { max_connections: "200" } });
    serverUrl = embedded.urlFor("postgres");
  }
  try {
    await admin(serverUrl, `CREATE DATABASE ${name}`);
  } catch (error) {
    await embedded?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const stopServer = async () => {
    await embedded?.stop();
    embedded = null;
  };
  return {
    source: { kind: "postgres", url: url.toString(), maxConnections: options.maxConnections },
    label: adminUrl ? `PostgreSQL at ${new URL(adminUrl).host}` : `PostgreSQL ${embedded!.version} of the benchmark's own (embedded binaries, fsync off)`,
    clusterDir: dataDir ? path.join(dataDir, "postgres") : null,
    async drop() {
      // The benchmark's own server goes whole; on BENCH_DATABASE_URL's only this database.
      if (!dataDir) await admin(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await stopServer();
      if (dataDir) await rm(dataDir, { recursive: true, force: true });
    },
    async keep() {
      await stopServer();
      return dataDir ? `database ${name} in the PostgreSQL cluster ${path.join(dataDir, "postgres")} (start it with startEmbeddedPostgres)` : `database ${url.toString()}`;
    },
  };
}
