// Processes the fault tests start (servers, workers, PostgreSQL), each remembered so that the
// test's clean-up ends every one of them even when the test failed half-way.
import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { ROOT } from "../web-build.ts";

export interface Proc {
  name: string;
  child: ChildProcess;
  /** What the process wrote (stdout and stderr). */
  output: () => string;
  /** Resolves when the process has exited (at once when it already had). */
  exited: () => Promise<void>;
}

/** Starts `command` from the repository root with `env` over this process's environment. */
export function startProcess(name: string, command: string, args: string[], env: Record<string, string> = {}): Proc {
  const child = spawn(command, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  const collect = (chunk: string) => {
    output += chunk;
    if (output.length > 2_000_000) output = output.slice(-1_000_000);
    if (process.env.FAULTS_TEST_LOG) process.stderr.write(`[${name}] ${chunk}`);
  };
  child.stdout!.setEncoding("utf8").on("data", collect);
  child.stderr!.setEncoding("utf8").on("data", collect);
  const exit = once(child, "exit").then(() => {});
  return { name, child, output: () => output, exited: () => (child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : exit) };
}

export const isRunning = (proc: Proc) => proc.child.exitCode === null && proc.child.signalCode === null;

/** SIGKILLs the process and waits until it is gone. */
export async function killHard(proc: Proc): Promise<void> {
  if (!isRunning(proc)) return;
  proc.child.kill("SIGKILL");
  await proc.exited();
}

/**
 * Polls `check` every 100 ms until it is true; fails at `timeoutMs`, or at once with its last
 * output when one of `watch` exits meanwhile.
 */
export async function waitFor(what: string, check: () => Promise<boolean> | boolean, options: { timeoutMs?: number; watch?: Proc[] } = {}): Promise<number> {
  const started = Date.now();
  const deadline = started + (options.timeoutMs ?? 30_000);
  while (Date.now() < deadline) {
    const dead = options.watch?.find((proc) => !isRunning(proc));
    if (dead) throw new Error(`${dead.name} exited (${dead.child.exitCode ?? dead.child.signalCode}) while waiting for ${what}:\n${dead.output().slice(-3000)}`);
    if (await Promise.resolve().then(check).catch(() => false)) return Date.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`timed out after ${options.timeoutMs ?? 30_000} ms waiting for ${what}`);
}
