// What the container test's steps share: a timed step, waiting for an address, a container's log.
import { docker } from "./docker.ts";

export const log = (line: string) => console.log(`[container] ${line}`);

/** Runs `body` as a named step, printing its duration; a failure ends the test. */
export async function step<T>(name: string, body: () => Promise<T>): Promise<T> {
  const started = performance.now();
  log(`${name}…`);
  const result = await body();
  log(`✓ ${name} (${((performance.now() - started) / 1000).toFixed(1)} s)`);
  return result;
}

export function check(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(message);
}

/** Polls `probe` until it is true; fails after `timeoutMs`, or at once when `alive` says the container is gone. */
export async function waitFor(what: string, probe: () => Promise<boolean>, options: { timeoutMs?: number; alive?: () => Promise<string | null> } = {}): Promise<void> {
  const deadline = Date.now() + (options.timeoutMs ?? 60_000);
  while (Date.now() < deadline) {
    if (await probe().catch(() => false)) return;
    const gone = await options.alive?.();
    if (gone) throw new Error(`${what}: ${gone}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** GET `url` answered 200. */
export const answers = async (url: string) => (await fetch(url, { signal: AbortSignal.timeout(5000) })).status === 200;

/** null while the container runs; else its exit and the end of its log. */
export async function running(container: string): Promise<string | null> {
  const state = await docker(["inspect", "--format", "{{.State.Running}} {{.State.ExitCode}}", container]);
  if (state.code !== 0) return `container ${container} is gone`;
  const [isRunning, exitCode] = state.stdout.trim().split(" ");
  if (isRunning === "true") return null;
  return `container ${container} exited with ${exitCode}:\n${await logsOf(container)}`;
}

export async function logsOf(container: string): Promise<string> {
  const logs = await docker(["logs", "--tail", "40", container]);
  return (logs.stdout + logs.stderr).trim();
}
