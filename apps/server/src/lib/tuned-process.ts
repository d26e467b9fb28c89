import os from "node:os";
import path from "node:path";

/**
 * V8 flags for every process that refreshes feeds: `npm start`'s server (its scheduler), the CLI
 * and the refresh worker. A refresh allocates fast and keeps little (~40 MB live at the peak of the
 * reference workload), and by default V8 lets the young generation grow to 3 × 64 MB and the old
 * one to several times what survived its last full collection. A 4 MB semi-space, and an old
 * generation that may grow by half of what survived, hold the first refresh of the reference
 * workload under 200 MB (npm run bench:memory; the figures are in the README).
 */
export const REFRESH_NODE_FLAGS = ["--max-semi-space-size=4", "--heap-growing-percent=50"];

/**
 * The environment such a process runs best in:
 * - glibc's allocator (ignored by other C libraries), told to give freed memory back: by default it
 *   raises its thresholds after the first large block is freed, so that later large blocks come
 *   from the heap and stay there, and it keeps an arena per thread that allocated (~4 MB idle);
 * - Node's compile cache, on from the start (unless the operator set or disabled it): then it holds
 *   the entry file too, and a process, or a feed reader thread, whose modules are all in it never
 *   loads the TypeScript stripper (~17 MB resident per thread).
 */
export function tunedEnv(env: NodeJS.ProcessEnv = process.env): Record<string, string> {
  const tuned: Record<string, string> = { MALLOC_ARENA_MAX: "2", MALLOC_MMAP_THRESHOLD_: "131072", MALLOC_TRIM_THRESHOLD_: "131072" };
  if (!env.NODE_COMPILE_CACHE && !env.NODE_DISABLE_COMPILE_CACHE) tuned.NODE_COMPILE_CACHE = path.join(os.tmpdir(), "node-compile-cache");
  return tuned;
}

const flagName = (flag: string) => flag.split("=")[0]!;

/**
 * Replaces this process (same process id, same standard streams, no child left behind) by the same
 * command run with `flags`, which V8 reads only at start-up, and `env` under the environment's own
 * values (tunedEnv by default). Does nothing when every flag is given already (by name: a value of
 * the caller's own wins) and every variable of `env` is set, or where `process.execve` is missing
 * (Windows, Node before 22.15).
 */
export function restartWithFlags(flags: readonly string[], env: Readonly<Record<string, string>> = tunedEnv()): void {
  const given = new Set(process.execArgv.map(flagName));
  const missing = flags.filter((flag) => !given.has(flagName(flag)));
  const unset = Object.keys(env).filter((name) => process.env[name] === undefined);
  if ((missing.length === 0 && unset.length === 0) || typeof process.execve !== "function" || process.platform === "win32") return;
  process.execve(process.execPath, [process.execPath, ...process.execArgv, ...missing, ...process.argv.slice(1)], { ...env, ...process.env });
}
