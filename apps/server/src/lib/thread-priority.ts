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
    lowerPriority(Number(readlinkSync("/proc/thread-self").split("/").pop()));
  } catch {
    // No /proc: the thread keeps the process's priority.
  }
}

/**
 * Runs a process (or, on Linux, a thread by its id) at niceness 10: below what answers readers,
 * never above where it runs already (a process started nice stays so). Refused (not ours to
 * renice), it runs as it was.
 */
export function lowerPriority(pid: number | undefined): void {
  if (!pid || !Number.isInteger(pid) || pid < 0) return;
  try {
    setPriority(pid, Math.max(getPriority(pid), constants.priority.PRIORITY_BELOW_NORMAL));
  } catch {
    // Not allowed: nothing changes.
  }
}
