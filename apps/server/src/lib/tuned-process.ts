/**
 * V8 flags for a process that refreshes feeds (the CLI, the refresh worker): a refresh allocates
 * fast and keeps little (~40 MB live at the peak of the reference workload), and by default V8
 * lets the young generation grow to 3 × 16 MB and the old one to several times what survived, so
 * the process peaked at ~420 MB resident. A 4 MB semi-space and an old generation that grows by
 * at most 2× what survived its last full collection keep the peak near 230 MB for ~7% more CPU.
 */
export const REFRESH_NODE_FLAGS = ["--max-semi-space-size=4", "--heap-growing-percent=100"];

const flagName = (flag: string) => flag.split("=")[0]!;

/**
 * Replaces this process (same process id, same standard streams, no child left behind) by the same
 * command run with `flags`, which V8 reads only at start-up, and `env` under the environment's own
 * values. Does nothing when every flag is given already (by name: a value of the caller's own wins),
 * or where `process.execve` is missing (Windows, Node before 22.15).
 */
export function restartWithFlags(flags: readonly string[], env: Readonly<Record<string, string>> = {}): void {
  const given = new Set(process.execArgv.map(flagName));
  const missing = flags.filter((flag) => !given.has(flagName(flag)));
  if (missing.length === 0 || typeof process.execve !== "function" || process.platform === "win32") return;
  process.execve(process.execPath, [process.execPath, ...process.execArgv, ...missing, ...process.argv.slice(1)], { ...env, ...process.env });
}
