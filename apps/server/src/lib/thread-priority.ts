import { readlinkSync } from "node:fs";
import { constants, getPriority, setPriority } from "node:os";

/**
 * Lowers the calling thread's scheduling priority, where the system lets one thread's be set
 * (Linux: a thread is a task with its own id, /proc/thread-self names it). A thread that reads
 * fetched feeds then takes the processors only when the threads answering readers leave them: a
 * refresh of hundreds of feeds no longer doubles what a reader waits for on a small machine, and it
 * runs as fast as before when nobody reads. Elsewhere, or when refused, nothing changes.
 */
export function yieldToReaders(): void {
  if (process.platform !== "linux") return;
  try {
    const tid = Number(readlinkSync("/proc/thread-self").split("/").pop());
    // Below the process's own priority, never above it (a process started nice stays so).
    if (Number.isInteger(tid) && tid > 0) setPriority(tid, Math.max(getPriority(tid), constants.priority.PRIORITY_BELOW_NORMAL));
  } catch {
    // No /proc, or not allowed: the thread keeps the process's priority.
  }
}
