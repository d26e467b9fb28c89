// The processes of an embedded PostgreSQL cluster, as /proc shows them: its postmaster (the pid in
// the cluster's postmaster.pid) and every process below it (backends, checkpointer, WAL writer,
// autovacuum…). Linux only; elsewhere there are none to find.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { isAlive, stopLeftover } from "@tidings/server";

/** Every process's parent, from /proc/PID/stat. */
export function parentsOf(): Map<number, number> {
  const parents = new Map<number, number>();
  if (process.platform !== "linux") return parents;
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      // The command name may hold spaces and parentheses; the parent follows the last ')'.
      const stat = readFileSync(`/proc/${name}/stat`, "utf8");
      parents.set(Number(name), Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]));
    } catch {
      // The process ended while we looked.
    }
  }
  return parents;
}

/** `pid` and every process below it. */
export function processTree(pid: number, parents = parentsOf()): number[] {
  const tree = [pid];
  for (let i = 0; i < tree.length; i++) for (const [child, parent] of parents) if (parent === tree[i]) tree.push(child);
  return tree;
}

/** The pid of the postmaster running the cluster in `clusterDir` (its postmaster.pid), or null. */
export function postmasterOf(clusterDir: string): number | null {
  let text: string;
  try {
    text = readFileSync(path.join(clusterDir, "postmaster.pid"), "utf8");
  } catch {
    return null;
  }
  const pid = Number.parseInt(text.split("\n")[0] ?? "", 10);
  return Number.isInteger(pid) && pid > 0 && isAlive(pid) ? pid : null;
}

/** The postmaster of `clusterDir` and every process below it; none when it does not run. */
export function clusterProcesses(clusterDir: string, parents = parentsOf()): number[] {
  const postmaster = postmasterOf(clusterDir);
  return postmaster === null ? [] : processTree(postmaster, parents);
}

/**
 * CPU seconds the cluster's PostgreSQL has used so far: its processes' own, and the backends that
 * ended (the postmaster has reaped them: its cutime and cstime). Null when it does not run here.
 */
export function clusterCpuSeconds(clusterDir: string): number | null {
  if (process.platform !== "linux") return null;
  const postmaster = postmasterOf(clusterDir);
  if (postmaster === null) return null;
  let ticks = 0;
  for (const pid of processTree(postmaster)) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      // utime and stime are fields 14 and 15 of the line (11 and 12 after the name); cutime and
      // cstime (13 and 14 after it) hold the children it reaped.
      ticks += Number(fields[11]) + Number(fields[12]);
      if (pid === postmaster) ticks += Number(fields[13]) + Number(fields[14]);
    } catch {
      // Ended meanwhile (a backend: its time moves to the postmaster's cutime).
    }
  }
  return ticks / 100;
}

/**
 * Stops a PostgreSQL still running on `clusterDir` (a handle that was not closed, a process that
 * died without stopping it), as the server's next start would. Whether one ran.
 */
export async function stopClusterLeftover(clusterDir: string): Promise<boolean> {
  return (await stopLeftover(clusterDir)) !== null;
}

const watched = new Set<string>();

/**
 * Makes sure the PostgreSQL of `clusterDir` does not outlive this process: it runs in a process
 * group of its own (a Ctrl-C in the terminal does not reach it) and does not watch its parent, so a
 * benchmark that fails or is interrupted would leave it running. At this process's exit, and on
 * Ctrl-C or SIGTERM, it is asked to stop (a fast shutdown it finishes on its own).
 */
export function stopWithThisProcess(clusterDir: string): void {
  if (watched.size === 0) {
    process.once("exit", () => {
      for (const dir of watched) {
        const pid = postmasterOf(dir);
        if (pid !== null) process.kill(pid, "SIGINT");
      }
    });
    for (const signal of ["SIGINT", "SIGTERM"] as const) process.once(signal, () => process.exit(130));
  }
  watched.add(clusterDir);
}
