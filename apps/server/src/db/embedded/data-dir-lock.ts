import { randomBytes } from "node:crypto";
import { open, readFile, rename, stat, unlink, writeFile } from "node:fs/promises";

/**
 * Who runs the embedded database of a data directory. One process at a time starts and stops its
 * PostgreSQL (a second one would stop the first one's): the server and the commands that run it
 * write `DATA_DIR/postgres.lock` (mode 0600) while they do. The server's lock also says where it
 * listens, where its database is reached (the worker and the CLI on the same machine use it while
 * the server runs) and a secret of this run, with which the CLI asks the running server for a
 * backup: whoever can read the data directory can read the database anyway.
 */
export interface DataDirHolder {
  pid: number;
  /** "server", or the CLI command that holds it ("restore"…). */
  command: string;
  startedAt: string;
  /** The server's address on loopback, for the CLI. */
  url?: string;
  /** The secret of this run: `Authorization: Bearer <token>` on the backup route, from loopback. */
  token?: string;
  /** The connection string of the database it runs, once it runs. */
  database?: string;
}

export class DataDirInUseError extends Error {
  readonly holder: DataDirHolder;
  constructor(dataDir: string, holder: DataDirHolder) {
    const who = holder.pid < 0 ? "a process starting this instant" : holder.command === "server" ? `a running Tidings server (process ${holder.pid}${holder.url ? `, ${holder.url}` : ""})` : `process ${holder.pid} (tidings ${holder.command})`;
    super(`The database in ${dataDir} is in use by ${who}. Only one process may open it: stop that one first${holder.command === "server" ? ", or ask the server itself (npm run cli -- backup <file> does so while it runs)" : ""}.`);
    this.name = "DataDirInUseError";
    this.holder = holder;
  }
}

/** The lock file of a database directory (DATA_DIR/postgres → DATA_DIR/postgres.lock). */
export const lockPathOf = (databaseDir: string) => `${databaseDir.replace(/[/\\]+$/, "")}.lock`;

/** A lock file younger than this that cannot be read yet is its writer's, not a crash's. */
const FRESH_LOCK_MS = 5000;

function alive(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** The live holder of the directory, or null (no lock, or one left by a process that has ended). */
export async function dataDirHolder(databaseDir: string): Promise<DataDirHolder | null> {
  let text: string;
  try {
    text = await readFile(lockPathOf(databaseDir), "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
  let holder: DataDirHolder;
  try {
    holder = JSON.parse(text) as DataDirHolder;
  } catch {
    // Being written this instant by a process taking it, or cut short by a crash long ago.
    const age = Date.now() - (await stat(lockPathOf(databaseDir)).catch(() => ({ mtimeMs: 0 }))).mtimeMs;
    return age < FRESH_LOCK_MS ? { pid: -1, command: "starting process", startedAt: new Date().toISOString() } : null;
  }
  return Number.isInteger(holder.pid) && alive(holder.pid) ? holder : null;
}

export interface DataDirLock {
  readonly holder: DataDirHolder;
  /** Adds what the holder learnt since it took the lock (where its database is reached). */
  update(fields: Pick<DataDirHolder, "database">): Promise<void>;
  release(): Promise<void>;
}

/**
 * Takes the directory for this process, or throws {@link DataDirInUseError} naming the live
 * process that has it. A lock left by an ended process (a crash, kill -9) is taken over; so is one
 * with this process's own id (a container restarted as the same pid).
 */
export async function claimDataDir(databaseDir: string, what: { command: string; url?: string; withToken?: boolean }): Promise<DataDirLock> {
  const lockPath = lockPathOf(databaseDir);
  const holder: DataDirHolder = {
    pid: process.pid,
    command: what.command,
    startedAt: new Date().toISOString(),
    ...(what.url ? { url: what.url } : {}),
    ...(what.withToken ? { token: randomBytes(32).toString("hex") } : {}),
  };
  for (let attempt = 0; ; attempt++) {
    const existing = await dataDirHolder(databaseDir);
    if (existing && existing.pid !== process.pid) throw new DataDirInUseError(databaseDir, existing);
    await unlink(lockPath).catch(() => {}); // none, or left by an ended process
    try {
      // Created exclusively: of two processes starting at once, one gets it.
      const file = await open(lockPath, "wx", 0o600);
      await file.writeFile(JSON.stringify(holder));
      await file.close();
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST" || attempt >= 2) throw error;
    }
  }
  return {
    holder,
    async update(fields) {
      Object.assign(holder, fields);
      // Whole or not at all: a reader never sees half of it.
      await writeFile(`${lockPath}.new`, JSON.stringify(holder), { mode: 0o600 });
      await rename(`${lockPath}.new`, lockPath);
    },
    async release() {
      const current = await dataDirHolder(databaseDir).catch(() => null);
      if (current?.pid === process.pid) await unlink(lockPath).catch(() => {});
    },
  };
}

/** Where a server listening on `host:port` is reached from its own machine. */
export function localUrlOf(host: string, port: number): string {
  const local = host === "" || host === "0.0.0.0" ? "127.0.0.1" : host === "::" ? "::1" : host;
  return `http://${local.includes(":") ? `[${local}]` : local}:${port}`;
}
