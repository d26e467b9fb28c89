import { preloadFlags } from "./stripped-sources.ts";

/**
 * V8 flags for every process that refreshes feeds: `npm start`'s server (its scheduler), the CLI
 * and the refresh worker. A refresh allocates fast and keeps little (~40 MB live at the peak of the
 * reference workload), and by default V8 lets the young generation grow to 3 × 64 MB and the old
 * one to several times what survived its last full collection. A 4 MB semi-space, and an old
 * generation that may grow by half of what survived, hold the first refresh of the reference
 * workload under 200 MB (npm run bench:memory; the figures are in the README).
 *
 * Such small young generations fill every few milliseconds, in each thread: scavenging one in
 * parallel (V8's default) wakes helper threads that mostly wait for each other, on processors the
 * reading threads and PostgreSQL already keep busy. Each thread scavenges its own alone: the
 * reference workload's refreshes took 9–14% less processor time and wall time (bench:reference,
 * 300 feeds, alternating runs), at the same peak memory.
 */
export const REFRESH_NODE_FLAGS = ["--max-semi-space-size=4", "--heap-growing-percent=50", "--no-parallel-scavenge"];

/**
 * The environment such a process runs best in: glibc's allocator (ignored by other C libraries),
 * told to give freed memory back. By default it raises its thresholds after the first large block
 * is freed, so that later large blocks come from the heap and stay there, and it keeps an arena
 * per thread that allocated (~4 MB idle).
 */
export function tunedEnv(): Record<string, string> {
  return { MALLOC_ARENA_MAX: "2", MALLOC_MMAP_THRESHOLD_: "131072", MALLOC_TRIM_THRESHOLD_: "131072" };
}

/** A V8 flag's name: `--no-x` and `--x` (and `--x_y`, `--x-y`) name one flag, of which the operator's wins. */
const flagName = (flag: string) => flag.split("=")[0]!.replaceAll("_", "-").replace(/^--no-/, "--");

/**
 * Replaces this process (same process id, same standard streams, no child left behind) by the same
 * command run with `flags`, which V8 reads only at start-up, `env` under the environment's own
 * values (tunedEnv by default), and the module hook preloaded from its stripped copy, brought up to
 * date first (fast-resolve.ts: then neither the process nor its threads load the TypeScript
 * stripper). Does nothing when every flag is given already (by name: a value of the caller's own
 * wins), every variable of `env` is set and the hook preloaded, or where `process.execve` is
 * missing (Windows, Node before 22.15).
 */
export function restartWithFlags(flags: readonly string[], env: Readonly<Record<string, string>> = tunedEnv()): void {
  if (typeof process.execve !== "function" || process.platform === "win32") return;
  const given = new Set(process.execArgv.map(flagName));
  const missing = flags.filter((flag) => !given.has(flagName(flag)));
  const unset = Object.keys(env).filter((name) => process.env[name] === undefined);
  const preloaded = process.execArgv.some((flag) => flag.startsWith("--import=data:text/javascript,") && flag.includes("tidings-stripped"));
  if (!preloaded) missing.push(...preloadFlags());
  if (missing.length === 0 && unset.length === 0) return;
  process.execve(process.execPath, [process.execPath, ...process.execArgv, ...missing, ...process.argv.slice(1)], { ...env, ...process.env });
}
