import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { REFRESH_NODE_FLAGS, tunedEnv } from "./tuned-process.ts";

const CLI = fileURLToPath(new URL("../cli.ts", import.meta.url));
// Prints, in each process that runs, its id and the V8 flags it was started with.
const REPORT = `data:text/javascript,${encodeURIComponent("console.log(JSON.stringify({ pid: process.pid, flags: process.execArgv.filter((flag) => !flag.startsWith('--import') && !flag.startsWith('data:')) }))")}`;

function runCli(nodeFlags: string[], env: NodeJS.ProcessEnv = process.env) {
  const result = spawnSync(process.execPath, [...nodeFlags, "--import", REPORT, CLI, "help"], { encoding: "utf8", env });
  const lines = result.stdout.split("\n").filter((line) => line.startsWith('{"pid"'));
  return { status: result.status, runs: lines.map((line) => JSON.parse(line) as { pid: number; flags: string[] }), stdout: result.stdout };
}

describe.runIf(typeof process.execve === "function")("the CLI's process", () => {
  it("restarts itself once, in place, with the refresh flags, then does its work", () => {
    const { status, runs, stdout } = runCli([]);
    expect(status).toBe(0);
    expect(runs).toEqual([
      { pid: runs[0]!.pid, flags: [] },
      { pid: runs[0]!.pid, flags: REFRESH_NODE_FLAGS },
    ]);
    expect(stdout).toContain("refresh");
  });

  it("keeps a flag the operator gave and adds only the missing ones; given all, it does not restart", () => {
    const mine = runCli(["--max-semi-space-size=8"]);
    const growing = REFRESH_NODE_FLAGS.find((flag) => flag.startsWith("--heap-growing-percent="))!;
    expect(mine.runs.map((run) => run.flags)).toEqual([["--max-semi-space-size=8"], ["--max-semi-space-size=8", growing]]);
    const all = runCli(["--max-semi-space-size=2", "--heap-growing-percent=30"], { ...process.env, ...tunedEnv() });
    expect(all.runs.map((run) => run.flags)).toEqual([["--max-semi-space-size=2", "--heap-growing-percent=30"]]);
  });

  it("restarts to set the allocator and compile cache variables it runs with, keeping the operator's own", () => {
    const flags = [...REFRESH_NODE_FLAGS];
    const env: NodeJS.ProcessEnv = { ...process.env, NODE_COMPILE_CACHE: "" };
    delete env.MALLOC_ARENA_MAX;
    delete env.NODE_DISABLE_COMPILE_CACHE;
    // Given every flag but not the allocator's variable: one restart, with the same flags.
    const restarted = runCli(flags, env);
    expect(restarted.runs.map((run) => run.flags)).toEqual([flags, flags]);
    expect(tunedEnv({})).toMatchObject({ MALLOC_ARENA_MAX: "2", NODE_COMPILE_CACHE: expect.stringContaining("node-compile-cache") });
    // A compile cache the operator placed, or turned off, is theirs.
    expect(tunedEnv({ NODE_COMPILE_CACHE: "/srv/cache" })).not.toHaveProperty("NODE_COMPILE_CACHE");
    expect(tunedEnv({ NODE_DISABLE_COMPILE_CACHE: "1" })).not.toHaveProperty("NODE_COMPILE_CACHE");
  });
});
