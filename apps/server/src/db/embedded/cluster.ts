import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { once } from "node:events";
import { existsSync } from "node:fs";
import { appendFile, chown, mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import type { PostgresBinaries } from "./binaries.ts";
import { giveTo, type RunAs } from "./run-as.ts";

/** The database and role Tidings uses in its own cluster. */
export const CLUSTER_USER = "tidings";
export const CLUSTER_DATABASE = "tidings";
/** The password of the cluster's role, for the loopback address where no Unix socket is used. */
export const PASSWORD_FILE = "tidings.password";

/**
 * PostgreSQL's settings for a small machine, written into a new cluster's postgresql.conf (where an
 * operator may change them): 16 MB of shared buffers (the operating system's page cache keeps the
 * rest), a few connections (the server's pool, a worker's and the CLI's), no parallel query (two
 * cores serve more readers one query each), no replication (WAL kept minimal), no I/O worker
 * processes (synchronous reads), one autovacuum worker at a time, times in UTC. Durability is
 * PostgreSQL's own: every commit is flushed to the WAL before it is acknowledged.
 */
export const SMALL_MACHINE_SETTINGS: Record<string, string> = {
  shared_buffers: "16MB",
  max_connections: "40",
  max_worker_processes: "4",
  max_parallel_workers: "2",
  max_parallel_workers_per_gather: "0",
  max_parallel_maintenance_workers: "1",
  max_logical_replication_workers: "0",
  max_sync_workers_per_subscription: "0",
  autovacuum_max_workers: "1",
  wal_level: "minimal",
  max_wal_senders: "0",
  min_wal_size: "32MB",
  max_wal_size: "512MB",
  io_method: "sync",
  work_mem: "4MB",
  maintenance_work_mem: "32MB",
  huge_pages: "off",
  jit: "off",
  timezone: "'UTC'",
  log_timezone: "'UTC'",
  log_min_messages: "warning",
  log_line_prefix: "'%m [%p] '",
};

/** A cluster's creation failed; nothing was left in its place. */
export class ClusterCreationError extends Error {
  constructor(dir: string, reason: string) {
    super(`Could not create the database in ${dir}: ${reason}`);
    this.name = "ClusterCreationError";
  }
}

/** The cause of a failed PostgreSQL program, in an operator's words where it is a known one. */
export function explainFailure(output: string): string {
  if (/No space left on device|could not extend file|disk full/i.test(output)) return "the disk is full (No space left on device). Free some space, then start again: nothing was lost.";
  if (/Permission denied/i.test(output)) return `permission denied (${/[^\n]*Permission denied[^\n]*/i.exec(output)?.[0]?.trim()})`;
  const lines = output.trim().split("\n").filter(Boolean);
  return lines.slice(-3).join(" / ") || "no output";
}

/** Runs one PostgreSQL program to its end, as `runAs` when given; rejects with its output. */
export async function runProgram(file: string, args: string[], runAs: RunAs | null): Promise<string> {
  const child = spawn(file, args, { stdio: ["ignore", "pipe", "pipe"], env: postgresEnv(), ...(runAs ? { uid: runAs.uid, gid: runAs.gid } : {}) });
  let output = "";
  const keep = (chunk: Buffer) => (output = (output + chunk.toString("utf8")).slice(-8000));
  child.stdout.on("data", keep);
  child.stderr.on("data", keep);
  const [code, signal] = (await once(child, "close")) as [number | null, NodeJS.Signals | null];
  if (code !== 0) throw Object.assign(new Error(explainFailure(output) + (signal ? ` (${signal})` : "")), { output });
  return output;
}

/** The environment of PostgreSQL's programs: this process's, without the libpq variables a shell may hold. */
export function postgresEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { LC_ALL: "C", TZ: "UTC" };
  for (const [name, value] of Object.entries(process.env)) if (!/^PG|^LC_|^LANG/.test(name)) env[name] = value;
  return env;
}

/**
 * Makes a new cluster in `dir` (UTF-8, C locale, role and database `tidings`): built beside it and
 * renamed into place once whole, so a start cut short (a full disk, a kill) leaves no half-made
 * cluster that a later start would take for a database.
 */
export async function createCluster(dir: string, binaries: PostgresBinaries, runAs: RunAs | null, options: { sync?: boolean } = {}): Promise<void> {
  const building = `${dir}.creating`;
  await rm(building, { recursive: true, force: true });
  await mkdir(path.dirname(dir), { recursive: true });
  await mkdir(building, { mode: 0o700 });
  try {
    const password = randomBytes(24).toString("base64url");
    const passwordFile = path.join(path.dirname(dir), `.${path.basename(dir)}.pwfile`);
    await writeFile(passwordFile, password, { mode: 0o600 });
    if (runAs) {
      await giveTo(building, runAs);
      await chown(passwordFile, runAs.uid, runAs.gid);
    }
    try {
      await runProgram(
        binaries.initdb,
        ["-D", building, "-U", CLUSTER_USER, "-E", "UTF8", "--locale=C", "--auth-local=trust", "--auth-host=scram-sha-256", `--pwfile=${passwordFile}`, "--no-instructions", ...(options.sync === false ? ["--no-sync"] : [])],
        runAs,
      );
    } finally {
      await rm(passwordFile, { force: true });
    }
    const settings = Object.entries(SMALL_MACHINE_SETTINGS).map(([name, value]) => `${name} = ${value}`);
    await appendFile(path.join(building, "postgresql.conf"), `\n# Tidings: settings for a small machine (change them freely; Tidings sets where it listens itself).\n${settings.join("\n")}\n`);
    await writeFile(path.join(building, PASSWORD_FILE), password, { mode: 0o600 });
    if (runAs) await giveTo(building, runAs);
    await rename(building, dir);
  } catch (error) {
    await rm(building, { recursive: true, force: true });
    throw new ClusterCreationError(dir, (error as Error).message);
  }
  // The database Tidings keeps its tables in, made by the first start (see startEmbeddedPostgres).
}

/** The major version a cluster was made by (its PG_VERSION file), or null when `dir` holds none. */
export async function clusterVersion(dir: string): Promise<number | null> {
  if (!existsSync(path.join(dir, "PG_VERSION"))) return null;
  return Number.parseInt((await readFile(path.join(dir, "PG_VERSION"), "utf8")).trim(), 10);
}

/** A cluster made by another major version of PostgreSQL: these binaries cannot open it. */
export class ClusterVersionError extends Error {
  constructor(dir: string, found: number, runs: number) {
    super(
      `The database in ${dir} was made by PostgreSQL ${found}; this Tidings runs PostgreSQL ${runs}, which cannot open it. ` +
        `To move it: start the Tidings that made it and run \`npm run cli -- backup tidings.backup.jsonl.gz\`, then with this Tidings move ${dir} aside and run \`npm run cli -- restore tidings.backup.jsonl.gz\` ` +
        `(or upgrade the directory in place with PostgreSQL ${runs}'s pg_upgrade). Nothing was changed.`,
    );
    this.name = "ClusterVersionError";
  }
}
