// `npm run bench:start [-- --runs N --entries N --settle S]`: start-up time and idle memory of
// `npm start` on the embedded database. Each run measures
//   (1) a first start on an empty data directory (creates the PostgreSQL cluster, migrates it),
//   (2) a restart on that data directory, each until GET /api/better-auth/get-session answers 200,
//   (3) a start on a data directory that holds a reader with --entries entries (seeded once).
// After the starts of (1) and (3) the app is opened once (GET / and GET /api/health; on the seeded
// data also a sign-in, the first timeline page and the unread counts), and after --settle seconds
// the memory of the whole install is read from /proc: the process tree of `npm start` and every
// process of the embedded PostgreSQL it runs (its postmaster, from DATA_DIR/postgres/postmaster.pid,
// and the processes below it). PSS (each shared page divided among the processes that map it) is
// what the install takes; RSS counts PostgreSQL's shared buffers and binary once per process. The
// web client is built first, outside the timing.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { type Memory, treeMemory } from "./bench/process-memory.ts";
import { seedReader } from "./bench/seed-reader.ts";
import { ensureWebBuild, ROOT, SERVER_NODE_FLAGS } from "./web-build.ts";

// Where the server keeps the embedded PostgreSQL's cluster in a data directory.
const { clusterDirOf } = await import("@tidings/server");

const { values } = parseArgs({
  options: {
    runs: { type: "string", default: process.env.BENCH_RUNS ?? "3" },
    entries: { type: "string", default: "20000" },
    feeds: { type: "string", default: "200" },
    settle: { type: "string", default: "10" },
  },
});
const RUNS = Number(values.runs);
const SETTLE_MS = Number(values.settle) * 1000;
const PORT = Number(process.env.BENCH_PORT ?? 3917);
const ORIGIN = `http://127.0.0.1:${PORT}`;
const READER = { email: "bench@example.com", password: "correct horse battery", name: "Bench" };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function request(pathname: string, init: RequestInit = {}): Promise<Response> {
  const response = await fetch(`${ORIGIN}${pathname}`, { ...init, headers: { origin: ORIGIN, ...init.headers } });
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`${init.method ?? "GET"} ${pathname}: HTTP ${response.status}`);
  return response;
}

/** Opens the app once, as a browser would: the page, the health check, and with a reader their timeline. */
async function openApp(withReader: boolean): Promise<void> {
  await request("/");
  await request("/api/health");
  if (!withReader) return;
  const signIn = await request("/api/better-auth/sign-in/email", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: READER.email, password: READER.password }),
  });
  const cookie = signIn.headers.getSetCookie().map((line) => line.split(";")[0]).join("; ");
  await request("/api/entries", { method: "POST", headers: { cookie, "content-type": "application/json" }, body: JSON.stringify({ view: 0, limit: 20 }) });
  await request("/api/reads", { headers: { cookie } });
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await exited;
}

/** Starts `npm start`'s command on `dataDir`; answers the time until it served a request, and its idle memory. */
async function startOnce(dataDir: string, idle: "none" | "app" | "reader"): Promise<{ readyMs: number; memory: Memory | null }> {
  const started = performance.now();
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, path.join(ROOT, "scripts/start.ts")], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(PORT), DATA_DIR: dataDir, LOG_LEVEL: "warn" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  try {
    let readyMs = 0;
    while (!readyMs) {
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
      try {
        const response = await fetch(`${ORIGIN}/api/better-auth/get-session`);
        if (response.status === 200) readyMs = performance.now() - started;
      } catch {
        await sleep(20);
      }
    }
    if (idle === "none") return { readyMs, memory: null };
    await openApp(idle === "reader");
    await sleep(SETTLE_MS);
    const memory = treeMemory(child.pid!, { clusterDir: clusterDirOf(dataDir) });
    // Without its database the figure would be Node's alone.
    if (memory.postgresProcesses === 0) throw new Error(`no PostgreSQL runs on ${clusterDirOf(dataDir)}: the server's embedded database was not found`);
    return { readyMs, memory };
  } finally {
    await stop(child);
  }
}

/** A data directory holding one reader with `entries` entries, as the server would have written it. */
async function seededDataDir(): Promise<string> {
  const { createServer, createLogger, loadConfig, migrate, openDatabase, resolveAuthSecret } = await import("@tidings/server");
  const dataDir = await mkdtemp(path.join(tmpdir(), "tidings-bench-data-"));
  const config = loadConfig({ LOG_LEVEL: "silent", DATA_DIR: dataDir, SCHEDULER: "false", PORT: String(PORT) });
  // The cluster the server will find there, made and seeded in this process (fsync off: the
  // seeding is not what is measured; the server then runs it as it runs any).
  const database = await openDatabase({ kind: "embedded", dir: clusterDirOf(dataDir), durable: false });
  await migrate(database.db);
  const server = createServer({ config, logger: createLogger({ level: "silent" }), database, authSecret: await resolveAuthSecret(null, dataDir) });
  const signUp = await server.app.request("/api/better-auth/sign-up/email", {
    method: "POST",
    headers: { "content-type": "application/json", origin: ORIGIN },
    body: JSON.stringify(READER),
  });
  if (signUp.status !== 200) throw new Error(`sign-up: HTTP ${signUp.status}`);
  const userId = ((await signUp.json()) as { user: { id: string } }).user.id;
  await seedReader(server.root.db, { userId, feeds: Number(values.feeds), entries: Number(values.entries), firstId: BigInt(server.root.ids.next()) });
  await server.close();
  await database.close();
  return dataDir;
}

ensureWebBuild();
const seedStarted = performance.now();
const seeded = await seededDataDir();
console.log(`seeded a reader with ${values.entries} entries in ${((performance.now() - seedStarted) / 1000).toFixed(0)} s`);

const rows: Record<string, number | string>[] = [];
const parts = (memory: Memory) => `${memory.postgresPss} (${memory.postgresProcesses})`;
try {
  for (let run = 1; run <= RUNS; run++) {
    const dataDir = await mkdtemp(path.join(tmpdir(), "tidings-bench-"));
    try {
      const first = await startOnce(dataDir, "app");
      const restart = await startOnce(dataDir, "none");
      const withData = await startOnce(seeded, "reader");
      rows.push({
        run,
        "first start ms": Math.round(first.readyMs),
        "restart ms": Math.round(restart.readyMs),
        "idle PSS fresh MB": first.memory!.pss,
        "RSS fresh MB": first.memory!.rss,
        "of PSS: PostgreSQL (processes)": parts(first.memory!),
        "start with data ms": Math.round(withData.readyMs),
        "idle PSS with data MB": withData.memory!.pss,
        "RSS with data MB": withData.memory!.rss,
        "of PSS: PostgreSQL (processes) ": parts(withData.memory!),
        "peak RSS of Node with data MB": withData.memory!.peak,
        processes: Math.max(first.memory!.processes, withData.memory!.processes),
      });
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }
} finally {
  await rm(seeded, { recursive: true, force: true });
}
const median = (key: string) => rows.map((row) => Number(row[key])).sort((a, b) => a - b)[Math.floor(rows.length / 2)]!;
console.log(`Node ${process.version}, ${RUNS} runs, embedded database (PostgreSQL, DATA_DIR/postgres), idle = ${values.settle} s after the app was opened; memory of Node and PostgreSQL together`);
console.table(rows);
console.log(
  `median: first start ${median("first start ms")} ms, restart ${median("restart ms")} ms, ` +
    `idle PSS ${median("idle PSS fresh MB")} MB fresh, ${median("idle PSS with data MB")} MB with data (${values.entries} entries); ` +
    `idle RSS ${median("RSS fresh MB")} MB fresh, ${median("RSS with data MB")} MB with data`,
);
