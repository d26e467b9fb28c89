import { readdirSync, readFileSync } from "node:fs";

/**
 * This process's processor time so far by kind of thread, in seconds, where the system tells
 * (Linux: /proc/self/task): the main thread, worker threads (feed reading), V8's helpers (garbage
 * collection and compilation beside the JavaScript), libuv's pool (inflating, files, DNS), and
 * the rest. Threads that ended are in none of them. Null elsewhere.
 */
export function threadCpuSeconds(): Record<"main" | "workers" | "v8" | "libuv" | "other", number> | null {
  if (process.platform !== "linux") return null;
  const ticks = 100; // USER_HZ, 100 on every Linux Node runs on
  const totals = { main: 0, workers: 0, v8: 0, libuv: 0, other: 0 };
  try {
    for (const tid of readdirSync("/proc/self/task")) {
      let stat: string;
      try {
        stat = readFileSync(`/proc/self/task/${tid}/stat`, "utf8");
      } catch {
        continue; // the thread ended meanwhile
      }
      const name = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      const seconds = (Number(fields[11]) + Number(fields[12])) / ticks;
      // Node names its threads: MainThread, WorkerThread, V8Worker and DelayedTaskScheduler (V8's), libuv-worker.
      const kind = String(process.pid) === tid ? "main" : name.startsWith("V8") || name.startsWith("DelayedTask") ? "v8" : name.startsWith("libuv") ? "libuv" : name.startsWith("WorkerThread") ? "workers" : "other";
      totals[kind] += seconds;
    }
  } catch {
    return null;
  }
  for (const key of Object.keys(totals) as (keyof typeof totals)[]) totals[key] = Number(totals[key].toFixed(2));
  return totals;
}
