import { readFileSync } from "node:fs";
import { readFile, rm } from "node:fs/promises";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";

/** What `postmaster.pid` says of the PostgreSQL that runs (or ran) a cluster. */
export interface PostmasterFile {
  pid: number;
  /** Line 8: "starting", "ready", "stopping" or "standby" (PostgreSQL 10 and later). */
  status: string;
}

export async function readPostmasterFile(dir: string): Promise<PostmasterFile | null> {
  const text = await readFile(path.join(dir, "postmaster.pid"), "utf8").catch(() => null);
  if (text === null) return null;
  const lines = text.split("\n");
  const pid = Number.parseInt(lines[0] ?? "", 10);
  return Number.isInteger(pid) && pid > 0 ? { pid, status: (lines[7] ?? "").trim() } : null;
}

/** Whether `pid` runs; an ended process no one has reaped yet (a zombie: a container's PID 1 may not reap) counts as ended. */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EPERM") return false;
  }
  if (process.platform !== "linux") return true;
  try {
    // "pid (comm) S …": the state follows the last ")".
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3) !== "Z";
  } catch {
    return true;
  }
}

/** Whether process `pid` is a PostgreSQL server (where the system tells; elsewhere assumed). */
async function isPostgres(pid: number): Promise<boolean> {
  if (process.platform !== "linux") return true;
  const comm = await readFile(`/proc/${pid}/comm`, "utf8").catch(() => null);
  return comm === null ? true : /postgres/.test(comm);
}

/** Waits until `pid` has ended, up to `timeoutMs`; whether it did. */
export async function waitForExit(pid: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (isAlive(pid)) {
    if (Date.now() > deadline) return false;
    await sleep(20);
  }
  return true;
}

/**
 * Stops the PostgreSQL a server that ended without stopping it (kill -9, a power cut of the
 * process, not of the machine) left running on this cluster: a fast shutdown (its sessions end,
 * a checkpoint is written), or an immediate one if that takes over 30 s (the next start then
 * replays the WAL). The caller holds the data directory's lock, so this PostgreSQL serves no
 * running Tidings. A lock file naming a process that is not PostgreSQL (its id reused after a
 * reboot or in a new container) is removed. Returns the id of the server stopped, or null.
 */
export async function stopLeftover(dir: string): Promise<number | null> {
  const file = await readPostmasterFile(dir);
  if (!file) return null;
  if (!isAlive(file.pid)) return null; // PostgreSQL itself removes a lock file of a process that has ended.
  if (!(await isPostgres(file.pid))) {
    await rm(path.join(dir, "postmaster.pid"), { force: true });
    return null;
  }
  process.kill(file.pid, "SIGINT");
  if (!(await waitForExit(file.pid, 30_000))) {
    process.kill(file.pid, "SIGQUIT");
    await waitForExit(file.pid, 10_000);
  }
  return file.pid;
}
