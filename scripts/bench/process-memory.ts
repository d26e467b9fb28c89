import { readdirSync, readFileSync } from "node:fs";

/** Memory of a process tree, as /proc reads it. */
export interface Memory {
  /** Resident memory of the process tree, MB. */
  rss: number;
  /** Of it, anonymous memory (heaps, WebAssembly memory) and mapped files (the node binary), MB. */
  anon: number;
  file: number;
  /** The highest resident memory of the server process since it started, MB. */
  peak: number;
  processes: number;
}

function statusOf(pid: number): Record<string, number> {
  const fields: Record<string, number> = {};
  for (const line of readFileSync(`/proc/${pid}/status`, "utf8").split("\n")) {
    const match = /^(\w+):\s+(\d+) kB/.exec(line);
    if (match) fields[match[1]!] = Number(match[2]) / 1024;
  }
  return fields;
}

/** `pid` and every process below it. */
function processTree(pid: number): number[] {
  const parents = new Map<number, number>();
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
  const tree = [pid];
  for (let i = 0; i < tree.length; i++) for (const [child, parent] of parents) if (parent === tree[i]) tree.push(child);
  return tree;
}

export function treeMemory(pid: number): Memory {
  const tree = processTree(pid);
  let rss = 0;
  let anon = 0;
  let file = 0;
  for (const member of tree) {
    try {
      const status = statusOf(member);
      rss += status.VmRSS ?? 0;
      anon += status.RssAnon ?? 0;
      file += (status.RssFile ?? 0) + (status.RssShmem ?? 0);
    } catch {
      // Ended meanwhile.
    }
  }
  const round = (mb: number) => Math.round(mb);
  return { rss: round(rss), anon: round(anon), file: round(file), peak: round(statusOf(pid).VmHWM ?? 0), processes: tree.length };
}

