import { bool, type EnvOf, type EnvShape, integer, optionalBool, url } from "../config/parsers.ts";
import { defaultReadThreads, memoryLimitBytes, THREADS_MIN_MEMORY_BYTES } from "./read-threads.ts";

export const fetchEnv = {
  RSSHUB_URL: url("RSSHUB_URL", ["http:", "https:"]).default("https://rsshub.app"),
  SCHEDULER: bool("SCHEDULER", true),
  // The server's background jobs in a thread of their own (a second heap, ~30 MB); unset: see jobsInThread.
  JOBS_THREAD: optionalBool("JOBS_THREAD"),
  FETCH_CONCURRENCY: integer("FETCH_CONCURRENCY", 16, 1, 256),
  FETCH_PER_HOST: integer("FETCH_PER_HOST", 2, 1, 64),
  FETCH_TIMEOUT_SECONDS: integer("FETCH_TIMEOUT_SECONDS", 30, 1, 600),
  FETCH_LEASE_SECONDS: integer("FETCH_LEASE_SECONDS", 120, 3, 3600),
  FETCH_MAX_BYTES: integer("FETCH_MAX_BYTES", 10 * 1024 * 1024, 1024, 1024 * 1024 * 1024),
  // One processor is left to this thread (fetching, storing) and the database; none below 1 GiB of memory.
  FETCH_READ_THREADS: integer("FETCH_READ_THREADS", defaultReadThreads(), 0, 64),
} satisfies EnvShape;

export interface FetchConfig {
  /** Feeds fetched at once by this process, and at once from one host. */
  readonly concurrency: number;
  readonly perHost: number;
  readonly timeoutMs: number;
  /** How long a claimed feed stays reserved for the process that claimed it (renewed while it lives). */
  readonly leaseMs: number;
  readonly maxBytes: number;
  /** Threads that read fetched documents (decode, parse, sanitise, index); 0: this thread. */
  readonly readThreads: number;
  /** The RSSHub instance that `rsshub://` feed URLs resolve against. */
  readonly rsshubUrl: string;
  /** Run the refresh scheduler inside this process. */
  readonly scheduler: boolean;
  /** The server runs them in a thread of its own (jobs-thread.ts), not on the thread that answers readers; null: {@link jobsInThread} decides. */
  readonly jobsThread: boolean | null;
}

export function fetchConfig(e: EnvOf<typeof fetchEnv>): FetchConfig {
  return Object.freeze({
    concurrency: e.FETCH_CONCURRENCY,
    perHost: e.FETCH_PER_HOST,
    timeoutMs: e.FETCH_TIMEOUT_SECONDS * 1000,
    leaseMs: e.FETCH_LEASE_SECONDS * 1000,
    maxBytes: e.FETCH_MAX_BYTES,
    readThreads: e.FETCH_READ_THREADS,
    rsshubUrl: e.RSSHUB_URL.replace(/\/+$/, ""),
    scheduler: e.SCHEDULER,
    jobsThread: e.JOBS_THREAD ?? null,
  });
}

/**
 * Whether the server runs its background jobs in a thread of their own: JOBS_THREAD when set;
 * otherwise on the embedded database (the one-process install, where the refresh shares the
 * server with its readers) with at least 1 GiB of memory. With DATABASE_URL, background work
 * scales out to `npm run worker` processes instead, and the server keeps ~35 MB less.
 */
export function jobsInThread(config: Pick<FetchConfig, "jobsThread">, embedded: boolean, memoryBytes = memoryLimitBytes()): boolean {
  return config.jobsThread ?? (embedded && memoryBytes >= THREADS_MIN_MEMORY_BYTES);
}
