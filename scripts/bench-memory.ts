// `npm run bench:memory [-- --n 1000] [--skip-refresh] [--skip-idle] [--database-url URL]`: the
// engine's memory on a small machine (issue 29), measured the way its table was made, beside wall
// and CPU time:
//  1. the reference refresh rounds (bench:reference: first, unchanged, +5 items per feed, each a
//     fresh `cli refresh --all` process on PostgreSQL by URL: --database-url's, BENCH_DATABASE_URL's
//     or one bench:reference starts) run with `npm start`'s V8 flags and glibc allocator settings;
//     the peak is the whole process' (getrusage maxrss: worker threads included);
//  2. `npm start` idle on the embedded database (bench:start, one run): the whole default install,
//     the Node process and every process of the PostgreSQL it runs, as their summed PSS (shared
//     pages divided among the processes that map them);
//  3. `npm start` idle on PostgreSQL (DATABASE_URL: --database-url's or BENCH_DATABASE_URL's
//     server, else one this benchmark starts from the embedded binaries): a new database, the app
//     opened once, then 10 s of rest; the Node process alone, the database being the operator's.
import { spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { benchDatabase } from "./bench/bench-database.ts";
import { treeMemory } from "./bench/process-memory.ts";
import { waitForServer } from "./bench/wait-for-server.ts";
import { START_ENV, START_NODE_FLAGS } from "./server-process.ts";
import { ROOT, SERVER_NODE_FLAGS } from "./web-build.ts";

const { values } = parseArgs({
  options: {
    n: { type: "string", default: "1000" },
    "database-url": { type: "string", default: process.env.BENCH_DATABASE_URL },
    "skip-refresh": { type: "boolean", default: false },
    "skip-idle": { type: "boolean", default: false },
  },
});

/** The flags `npm start` restarts itself with (server-process.ts). */
const NPM_START_FLAGS = START_NODE_FLAGS;
const TARGETS = { first: 200, unchanged: 150, added: 180, idleEmbedded: 150, idlePostgres: 110 };

/** Runs a script of this folder with Node, echoing its output; answers the output. */
function runScript(file: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(ROOT, "scripts", file), ...args], { cwd: ROOT, env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "inherit"] });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      process.stdout.write(chunk);
    });
    child.once("exit", (code) => (code === 0 ? resolve(output) : reject(new Error(`${file} exited with ${code}`))));
  });
}

/** `npm start` on a new PostgreSQL database: its process tree's memory after the app was opened and 10 s passed. */
async function idleOnPostgres(): Promise<{ rss: number; pss: number; peak: number; label: string }> {
  const bench = await benchDatabase("postgres", { prefix: "tidings_bench_memory", maxConnections: 10, ...(values["database-url"] ? { serverUrl: values["database-url"] } : {}) });
  if (bench.source.kind !== "postgres") throw new Error("bench:memory: expected a PostgreSQL database by URL");
  const dataDir = await mkdtemp(path.join(tmpdir(), "tidings-bench-memory-"));
  const port = 20_000 + Math.floor(Math.random() * 20_000);
  const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, path.join(ROOT, "scripts/start.ts")], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, DATABASE_URL: bench.source.url, LOG_LEVEL: "warn" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  try {
    const base = `http://127.0.0.1:${port}`;
    await waitForServer(base);
    for (const pathname of ["/", "/api/health", "/api/better-auth/get-session"]) await (await fetch(`${base}${pathname}`)).arrayBuffer();
    await new Promise((resolve) => setTimeout(resolve, 10_000));
    const memory = treeMemory(server.pid!);
    return { rss: memory.rss, pss: memory.pss, peak: memory.peak, label: bench.label };
  } finally {
    if (server.exitCode === null) {
      const exited = new Promise((resolve) => server.once("exit", resolve));
      server.kill("SIGTERM");
      await exited;
    }
    await bench.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

const summary: string[] = [];
const check = (value: number, target: number) => `${value} MB (target ≤ ${target} MB) ${value <= target ? "✓" : "✗"}`;

if (!values["skip-refresh"]) {
  const database = values["database-url"] ? ["--database-url", values["database-url"]] : [];
  const output = await runScript("bench-reference.ts", ["--n", values.n!, ...database, ...NPM_START_FLAGS.map((flag) => `--node-flag=${flag}`)], START_ENV);
  const round = (label: string) => {
    const line = output.split("\n").find((text) => text.startsWith(`${label}: {`));
    return line ? (JSON.parse(line.slice(label.length + 2)) as Record<string, unknown>) : null;
  };
  for (const [label, target] of [["first", TARGETS.first], ["unchanged", TARGETS.unchanged], ["+5", TARGETS.added]] as const) {
    const row = round(label);
    if (!row) continue;
    summary.push(`${label} refresh: peak ${check(Number(row["peak RSS MB"]), target)}; wall ${String(row["wall s"])} s, CPU ${String(row["CPU s"])} s`);
  }
}
if (!values["skip-idle"]) {
  const output = await runScript("bench-start.ts", ["--runs", "1"]);
  const fresh = /idle PSS (\d+) MB fresh/.exec(output)?.[1];
  const freshRss = /idle RSS (\d+) MB fresh/.exec(output)?.[1];
  if (!fresh) throw new Error("bench:memory: bench-start.ts printed no idle PSS");
  summary.push(`npm start idle on the embedded database, Node + PostgreSQL (PSS): ${check(Number(fresh), TARGETS.idleEmbedded)}${freshRss ? ` (RSS summed over the processes ${freshRss} MB)` : ""}`);
  const postgres = await idleOnPostgres();
  summary.push(`npm start idle on PostgreSQL, Node alone (RSS): ${check(postgres.rss, TARGETS.idlePostgres)} (PSS ${postgres.pss} MB, peak while starting ${postgres.peak} MB; ${postgres.label})`);
}
console.log(`\nbench:memory (flags ${NPM_START_FLAGS.join(" ")}, ${Object.entries(START_ENV).map(([key, value]) => `${key}=${value}`).join(" ")})`);
for (const line of summary) console.log(`  ${line}`);
