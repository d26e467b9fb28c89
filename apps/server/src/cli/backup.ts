// The backup commands of `npm run cli`: backup, restore and move (see USAGE in run.ts).
import { createReadStream, createWriteStream, existsSync } from "node:fs";
import { chmod, rename, rm } from "node:fs/promises";
import path from "node:path";
import { Readable, type Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { openDatabase, type DatabaseHandle } from "../db/client.ts";
import { dataDirHolder, DataDirInUseError } from "../db/embedded/data-dir-lock.ts";
import { hasLegacyPglite } from "../db/legacy-pglite.ts";
import type { Config } from "../env.ts";
import { restoreBackup, writeBackup } from "../features/backup/index.ts";
import { createLogger } from "../lib/logger.ts";
import { clusterDirOf, openLocalDatabase } from "../local-database.ts";

type Output = Record<string, unknown>;

/** Opens the configured database (or `url`) for `command`: the embedded one only while no server runs it. */
async function withDatabase<T>(config: Config, command: string, use: (handle: DatabaseHandle) => Promise<T>, options: { url?: string; mustExist?: boolean } = {}): Promise<T> {
  if (!options.url && !config.databaseUrl && options.mustExist && !existsSync(path.join(clusterDirOf(config.dataDir), "PG_VERSION")) && !hasLegacyPglite(config.dataDir)) {
    throw new Error(`There is no database in ${config.dataDir} (DATA_DIR)`);
  }
  const logger = createLogger({ level: config.logLevel });
  const handle = options.url ? await openDatabase({ kind: "postgres", url: options.url, maxConnections: 2 }) : await openLocalDatabase(config, { command, logger, maxConnections: 2 });
  try {
    return await use(handle);
  } finally {
    await handle.close();
  }
}

/** Writes `file` whole or not at all: into `<file>.partial`, renamed once complete. */
async function writeFileFrom(file: string, write: (output: Writable) => Promise<void>): Promise<void> {
  const partial = `${file}.partial`;
  try {
    await write(createWriteStream(partial, { mode: 0o600 }));
    await chmod(partial, 0o600);
    await rename(partial, file);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
}

/** Asks a running server for its backup (`GET /api/admin/backup`) with the secret of its lock. */
async function backupFromServer(url: string, token: string | undefined, file: string): Promise<Output> {
  const response = await fetch(new URL("/api/admin/backup", url), { headers: token ? { authorization: `Bearer ${token}` } : {} }).catch((error: Error) => {
    throw new Error(`Could not reach the server at ${url}: ${(error.cause as Error | undefined)?.message ?? error.message}`);
  });
  if (response.status !== 200 || !response.body) {
    const text = await response.text();
    throw new Error(`The server at ${url} refused the backup (HTTP ${response.status}): ${text.slice(0, 300)}${token ? "" : " (no secret: run this on the server's machine, with its DATA_DIR)"}`);
  }
  await writeFileFrom(file, (output) => pipeline(Readable.fromWeb(response.body!), output));
  return { file, from: url, rows: Number(response.headers.get("x-backup-rows")) };
}

export async function backupCommand(config: Config, args: { file: string; server?: string }): Promise<Output> {
  const dir = config.databaseUrl ? null : clusterDirOf(config.dataDir);
  const holder = dir ? await dataDirHolder(dir) : null;
  if (args.server) return backupFromServer(args.server, holder?.token, args.file);
  if (holder?.command === "server" && holder.url) return { ...(await backupFromServer(holder.url, holder.token, args.file)), askedServerPid: holder.pid };
  if (holder && dir) throw new DataDirInUseError(dir, holder);
  return withDatabase(config, "backup", async (handle) => {
    let summary: Output = {};
    await writeFileFrom(args.file, async (output) => void (summary = { ...(await writeBackup(handle.db, handle.driver, output)) }));
    return { file: args.file, driver: handle.driver, ...summary };
  }, { mustExist: true });
}

export async function restoreCommand(config: Config, args: { file: string; url?: string }): Promise<Output> {
  if (!existsSync(args.file)) throw new Error(`No backup at ${args.file}`);
  return withDatabase(config, "restore", async (handle) => ({ file: args.file, driver: handle.driver, ...(await restoreBackup(handle.db, createReadStream(args.file))) }), args.url ? { url: args.url } : {});
}

/**
 * Moves everything from the configured database (the embedded one) to the PostgreSQL at `to`: a backup into
 * DATA_DIR (kept, as a safety copy), then a restore of it there. The server must be stopped, or
 * what it writes after the backup would be left behind.
 */
export async function moveCommand(config: Config, args: { to: string }): Promise<Output> {
  if (!/^postgres(ql)?:\/\//.test(args.to)) throw new Error(`--to must be a PostgreSQL URL (postgres://user:password@host:5432/database), not "${args.to}"`);
  if (config.databaseUrl === args.to) throw new Error("--to is the database DATABASE_URL already names");
  const file = path.join(config.dataDir, `moved-${new Date().toISOString().replace(/[:.]/g, "-")}.backup.jsonl.gz`);
  const backup = await withDatabase(config, "move", async (handle) => {
    let summary: Output = {};
    await writeFileFrom(file, async (output) => void (summary = { ...(await writeBackup(handle.db, handle.driver, output)) }));
    return summary;
  }, { mustExist: true });
  const restored = await restoreCommand(config, { file, url: args.to });
  return { from: config.databaseUrl ? "postgres" : "embedded", to: redact(args.to), backupKept: file, rows: backup.rows, restored };
}

/** A URL without its password, for printing. */
function redact(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = "***";
  return parsed.toString();
}
