import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { SERVER_NODE_FLAGS } from "./web-build.ts";

const START = fileURLToPath(new URL("./start.ts", import.meta.url));

// Each test starts Node (twice, restarting in place) with the TypeScript stripper: seconds on a loaded machine.
describe("npm start", { timeout: 30_000 }, () => {
  it("stops before doing anything on an invalid environment, naming every invalid variable", () => {
    const result = spawnSync(process.execPath, [START], {
      env: { ...process.env, PORT: "abc", WEB_URL: "nope", DATA_DIR: "/nonexistent/never-created" },
      encoding: "utf8",
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/^Invalid environment variables\n/);
    expect(result.stderr).toContain('PORT must be a port number from 1 to 65535 (got "abc")');
    expect(result.stderr).toContain("WEB_URL must be a http:// or https:// URL");
    expect(result.stdout).toBe("");
  });

  it.runIf(typeof process.execve === "function")("restarts itself once, in place, with the flags and allocator settings it needs", () => {
    const report = "console.log(JSON.stringify({ pid: process.pid, flags: process.execArgv.filter((flag) => flag.startsWith('--heap-growing')), arenas: process.env.MALLOC_ARENA_MAX ?? null }))";
    const result = spawnSync(process.execPath, ["--import", `data:text/javascript,${encodeURIComponent(report)}`, START], {
      env: { ...process.env, PORT: "abc", MALLOC_ARENA_MAX: undefined },
      encoding: "utf8",
    });
    const [first, second, ...rest] = result.stdout.trim().split("\n").map((line) => JSON.parse(line) as { pid: number; flags: string[]; arenas: string | null });
    expect(rest).toEqual([]);
    expect(first).toEqual({ pid: second!.pid, flags: [], arenas: null });
    expect(second).toEqual({ pid: first!.pid, flags: ["--heap-growing-percent=50"], arenas: "2" });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("PORT must be a port number");
  });

  it("passes the same V8 flags that the benchmark and end-to-end tests measure", () => {
    const pkg = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as { scripts: { start: string } };
    expect(pkg.scripts.start).toBe(`node ${SERVER_NODE_FLAGS.join(" ")} scripts/start.ts`);
  });
});
