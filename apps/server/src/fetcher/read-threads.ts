import { availableParallelism, totalmem } from "node:os";

/** Below this much memory (the machine's, or its container's limit), documents are read on the main thread. */
export const THREADS_MIN_MEMORY_BYTES = 1024 ** 3;

/**
 * The memory this process may have: its container's limit (cgroups) when it is below the
 * machine's memory, else the machine's.
 */
export function memoryLimitBytes(): number {
  const total = totalmem();
  const constrained = process.constrainedMemory();
  return constrained > 0 && constrained < total ? constrained : total;
}

/**
 * FETCH_READ_THREADS' default: one thread per processor but one (left to fetching, storing and
 * the database), at most 8. A thread is a second JavaScript heap (~26 MB idle, ~40 MB while
 * reading): on a machine or container with less than 1 GiB (a small VPS, a Raspberry Pi 3), the
 * main thread reads documents itself, which costs a refresh wall time but never memory.
 */
export function defaultReadThreads(processors = availableParallelism(), memoryBytes = memoryLimitBytes()): number {
  if (memoryBytes < THREADS_MIN_MEMORY_BYTES) return 0;
  return Math.min(8, Math.max(1, processors - 1));
}
