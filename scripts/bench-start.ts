// `npm run bench:start`: start-up and idle-memory figures of `npm start` on the embedded database.
// Measures (1) a first start on an empty data directory (creates and migrates the database),
// (2) a restart on that data directory, each until GET /api/better-auth/get-session answers 200,
// and (3) the resident memory of the idle server. The web client is built first, outside the timing.
import { spawn } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { ensureWebBuild, ROOT, SERVER_NODE_FLAGS } from "./web-build.ts";

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const PORT = Number(process.env.BENCH_PORT ?? 3917);
const URL_UNDER_TEST = `http://127.0.0.1:${PORT}/api/better-auth/get-session`;

async function rssMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, "utf8");
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
}

async function startOnce(dataDir: string, measureIdle: boolean) {
  const started = performance.now();
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, path.join(ROOT, "scripts/start.ts")], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(PORT), DATA_DIR: dataDir, LOG_LEVEL: "warn" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  let firstOk = 0;
  while (!firstOk) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const response = await fetch(URL_UNDER_TEST);
      if (response.status === 200) firstOk = performance.now() - started;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
  let idle = 0;
  if (measureIdle) {
    for (let i = 0; i < 20; i++) await fetch(URL_UNDER_TEST);
    await new Promise((resolve) => setTimeout(resolve, 5000));
    idle = await rssMb(child.pid!);
  }
  child.kill("SIGTERM");
  await new Promise((resolve) => child.once("exit", resolve));
  return { firstOk, idle };
}

ensureWebBuild();
const rows: { run: number; first: number; restart: number; idleRss: number }[] = [];
for (let run = 1; run <= RUNS; run++) {
  const dataDir = await mkdtemp(path.join(tmpdir(), "tidings-bench-"));
  const first = await startOnce(dataDir, false);
  const restart = await startOnce(dataDir, true);
  rows.push({ run, first: Math.round(first.firstOk), restart: Math.round(restart.firstOk), idleRss: restart.idle });
  await rm(dataDir, { recursive: true, force: true });
}
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
console.log(`Node ${process.version}, ${RUNS} runs, embedded database (PGlite)`);
console.table(rows);
console.log(
  `median: first start ${median(rows.map((r) => r.first))} ms, restart ${median(rows.map((r) => r.restart))} ms, idle RSS ${median(rows.map((r) => r.idleRss))} MB`,
);
