import { readFileSync } from "node:fs";

/**
 * This process's peak resident memory, in MB: the high-water mark of its own image where the
 * system tells (Linux: VmHWM in /proc/self/status), else getrusage's. getrusage's counts what a
 * process was before its last exec, and a process forked from a large one (a benchmark that
 * holds the documents it serves, say) starts as large as its parent: Node's spawn forks, so the
 * child's getrusage peak is at least its parent's size, whatever the child itself used.
 */
export function peakResidentMb(): number {
  if (process.platform === "linux") {
    try {
      const kb = /^VmHWM:\s+(\d+) kB/m.exec(readFileSync("/proc/self/status", "utf8"))?.[1];
      if (kb) return Math.round(Number(kb) / 1024);
    } catch {
      // No /proc: getrusage's figure.
    }
  }
  return Math.round(process.resourceUsage().maxRSS / 1024);
}
