import { readFileSync } from "node:fs";
import { clusterProcesses, parentsOf, processTree } from "./postgres-processes.ts";

/** Memory of a process tree, as /proc reads it. */
export interface Memory {
  /** Resident memory of the processes, MB (shared pages counted once per process that maps them). */
  rss: number;
  /**
   * Proportional set size of the processes, MB: each shared page divided among the processes
   * that map it (PostgreSQL's shared buffers and binary are shared by all of its processes), so
   * the sum is what the install takes. 0 where /proc/PID/smaps_rollup cannot be read.
   */
  pss: number;
  /** Of the PSS, PostgreSQL's processes' (the embedded database), MB. */
  postgresPss: number;
  /** Of the RSS, anonymous memory (heaps) and mapped files and shared memory, MB. */
  anon: number;
  file: number;
  /** The highest resident memory of the server process since it started, MB. */
  peak: number;
  processes: number;
  /** Of them, PostgreSQL's. */
  postgresProcesses: number;
}

function statusOf(pid: number): Record<string, number> {
  const fields: Record<string, number> = {};
  for (const line of readFileSync(`/proc/${pid}/status`, "utf8").split("\n")) {
    const match = /^(\w+):\s+(\d+) kB/.exec(line);
    if (match) fields[match[1]!] = Number(match[2]) / 1024;
  }
  return fields;
}

/** A process's proportional set size, MB (smaps_rollup's Pss). */
function pssOf(pid: number): number {
  const match = /^Pss:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/smaps_rollup`, "utf8"));
  return match ? Number(match[1]) / 1024 : 0;
}

/**
 * The memory of `pid`, every process below it and, with `clusterDir`, every process of the
 * PostgreSQL running that cluster (its postmaster, from the cluster's postmaster.pid, and what
 * runs below it): `npm start`'s whole install, Node and its embedded database.
 */
export function treeMemory(pid: number, options: { clusterDir?: string } = {}): Memory {
  const parents = parentsOf();
  const postgres = new Set(options.clusterDir ? clusterProcesses(options.clusterDir, parents) : []);
  const members = new Set([...processTree(pid, parents), ...postgres]);
  let rss = 0;
  let pss = 0;
  let postgresPss = 0;
  let anon = 0;
  let file = 0;
  for (const member of members) {
    try {
      const status = statusOf(member);
      rss += status.VmRSS ?? 0;
      anon += status.RssAnon ?? 0;
      file += (status.RssFile ?? 0) + (status.RssShmem ?? 0);
      const share = pssOf(member);
      pss += share;
      if (postgres.has(member)) postgresPss += share;
    } catch {
      // Ended meanwhile.
    }
  }
  const round = (mb: number) => Math.round(mb);
  return {
    rss: round(rss),
    pss: round(pss),
    postgresPss: round(postgresPss),
    anon: round(anon),
    file: round(file),
    peak: round(statusOf(pid).VmHWM ?? 0),
    processes: members.size,
    postgresProcesses: postgres.size,
  };
}
