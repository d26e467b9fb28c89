import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { strippedPreloadFlag } from "./fast-resolve.ts";
import { ensureStrippedCopies } from "./stripped-sources.ts";
import { REFRESH_NODE_FLAGS, tunedEnv } from "./tuned-process.ts";

const CLI = fileURLToPath(new URL("../cli.ts", import.meta.url));
// Prints, in each process that runs, its id and the V8 flags it was started with; and as it exits,
// its allocator variables and whether it loaded Node's TypeScript stripper or compile cache.
const REPORT = `data:text/javascript,${encodeURIComponent(`
import { getCompileCacheDir } from "node:module";
console.log(JSON.stringify({ pid: process.pid, flags: process.execArgv.filter((flag) => !flag.startsWith("--import") && !flag.startsWith("data:")) }));
process.on("exit", () => console.log(JSON.stringify({ exit: process.pid, arenas: process.env.MALLOC_ARENA_MAX ?? null, trim: process.env.MALLOC_TRIM_THRESHOLD_ ?? null, stripper: process.moduleLoadList.some((name) => name.includes("amaro")), compileCache: getCompileCacheDir() !== undefined })));
`)}`;

interface Exit {
  exit: number;
  arenas: string | null;
  trim: string | null;
  stripper: boolean;
  compileCache: boolean;
}

function runCli(nodeFlags: string[], env: NodeJS.ProcessEnv = process.env) {
  const result = spawnSync(process.execPath, [...nodeFlags, "--import", REPORT, CLI, "help"], { encoding: "utf8", env });
  const lines = result.stdout.split("\n");
  const runs = lines.filter((line) => line.startsWith('{"pid"')).map((line) => JSON.parse(line) as { pid: number; flags: string[] });
  const exits = lines.filter((line) => line.startsWith('{"exit"')).map((line) => JSON.parse(line) as Exit);
  return { status: result.status, runs, exits, stdout: result.stdout };
}

describe.runIf(typeof process.execve === "function")("the CLI's process", () => {
  // The copies the restart preloads the module hook from (the tests give its flag themselves).
  beforeAll(() => {
    expect(ensureStrippedCopies()).toBe(true);
  });

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
    const mine = runCli(["--max-semi-space-size=8", "--parallel_scavenge"]);
    const rest = REFRESH_NODE_FLAGS.filter((flag) => !flag.startsWith("--max-semi-space-size=") && flag !== "--no-parallel-scavenge");
    // A flag turned on by the operator (`--x`, `--x_y` alike) is theirs: its `--no-x` is not added.
    expect(mine.runs.map((run) => run.flags)).toEqual([
      ["--max-semi-space-size=8", "--parallel_scavenge"],
      ["--max-semi-space-size=8", "--parallel_scavenge", ...rest],
    ]);
    const given = ["--max-semi-space-size=2", "--heap-growing-percent=30", "--parallel-scavenge"];
    const all = runCli([...given, strippedPreloadFlag()!], { ...process.env, ...tunedEnv() });
    expect(all.runs.map((run) => run.flags)).toEqual([given]);
  });

  it("restarts to set the allocator variables it runs with, keeping the operator's own", () => {
    const env: NodeJS.ProcessEnv = { ...process.env, MALLOC_TRIM_THRESHOLD_: "65536" };
    delete env.MALLOC_ARENA_MAX;
    // Given every flag but not the allocator's variable: one restart, with the same flags.
    const restarted = runCli([...REFRESH_NODE_FLAGS, strippedPreloadFlag()!], env);
    expect(restarted.runs.map((run) => run.flags)).toEqual([REFRESH_NODE_FLAGS, REFRESH_NODE_FLAGS]);
    expect(restarted.exits).toEqual([expect.objectContaining({ arenas: "2", trim: "65536" })]);
  });

  it("loads neither Node's TypeScript stripper nor its compile cache (the module hook serves stripped copies)", () => {
    const { status, exits } = runCli([]);
    expect(status).toBe(0);
    expect(exits).toEqual([expect.objectContaining({ stripper: false, compileCache: false })]);
  });

  it("and neither does a feed reader thread it starts", () => {
    const folder = mkdtempSync(path.join(tmpdir(), "tidings-thread-"));
    try {
      // A thread that loads the reader's entry file (TypeScript), then reports.
      const thread = path.join(folder, "thread.mjs");
      writeFileSync(
        thread,
        `import { parentPort } from "node:worker_threads";
await import(${JSON.stringify(new URL("../fetcher/read-worker.ts", import.meta.url).href)});
parentPort.postMessage(process.moduleLoadList.some((name) => name.includes("amaro")));`,
      );
      const main = path.join(folder, "main.mjs");
      writeFileSync(
        main,
        `import { Worker } from "node:worker_threads";
const worker = new Worker(new URL(${JSON.stringify(pathToFileURL(thread).href)}));
worker.once("message", (stripper) => { console.log(JSON.stringify({ threadStripper: stripper })); process.exit(0); });`,
      );
      const run = (flags: string[]) => {
        const result = spawnSync(process.execPath, [...flags, main], { encoding: "utf8" });
        if (result.status !== 0) throw new Error(result.stderr);
        return result;
      };
      expect(JSON.parse(run([strippedPreloadFlag()!]).stdout)).toEqual({ threadStripper: false });
      // The same thread without the hook preloaded does load it: the check can fail.
      expect(JSON.parse(run([]).stdout)).toEqual({ threadStripper: true });
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
