// Over 300 lines: one benchmark told top to bottom (workload, set-up, three rounds, targets) (its CPU profiles are summed up by bench/profile-summary.ts).
// `npm run bench:reference [-- --n 200] [--embedded] [--keep] [--cpu-prof]`: the reference refresh
// workload of ../shared/bench (see its README), measured the way an operator meets it. It generates
// the feeds (seed 42), serves them from one loopback host with 50 ms of latency (serve.mjs, its own
// process), subscribes one reader to every feed of feeds.opml through the product's OPML import,
// then runs `cli refresh --all` three times, each in a fresh process: the first refresh, an
// unchanged one (every answer should be a 304) and one after 5 new items per feed. For each round
// it reports the child's wall time, CPU time and peak RSS (from the command's own JSON answer),
// the server's requests and 304s, and the entries stored; after each round, apart from it, the
// search documents of what it stored are made through a server's own indexer (a refresh leaves
// them to the server's background job), and that cost is reported beside the round; then the targets. Before the first and
// the +5 rounds it measures, in the same run, the parser's floor (bench/parser-floor.ts: the
// round's documents decoded and tokenised with htmlparser2, no more), and reports each round's
// processor time as a multiple of it, so that a slower machine does not move the ratios.
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import type { OpmlImportResult } from "@tidings/contracts";
import { clusterDirOf, createLogger, createServer, type DatabaseSource, loadConfig, migrate, openDatabase, rowsOf } from "@tidings/server";
import { freePort } from "@tidings/server/testing";
import { sql } from "drizzle-orm";
import { type BenchDatabase, benchDatabase } from "./bench/bench-database.ts";
import { createNewsboat } from "./bench/newsboat.ts";
import { measureParserFloor, type ParserFloor } from "./bench/parser-floor.ts";
import { clusterCpuSeconds } from "./bench/postgres-processes.ts";
import { summarizeProfile } from "./bench/profile-summary.ts";
import { ROOT } from "./web-build.ts";

const USAGE = `Usage: npm run bench:reference -- [options]
  --bench-dir DIR      the reference workload (gen-feeds.mjs, serve.mjs); default ../shared/bench
  --n N                feeds to generate (default 1000, the reference size; 200 for a quick run)
  --seed S             generator seed (default 42)
  --latency MS         fixture server latency per response (default 50)
  --database-url URL   PostgreSQL server to create the bench database on (BENCH_DATABASE_URL too);
                       default: a PostgreSQL the benchmark starts from the embedded binaries
                       in a temporary directory (fsync off), reached by DATABASE_URL
  --embedded           the embedded database in a temporary DATA_DIR instead (no DATABASE_URL:
                       each refresh process starts its PostgreSQL itself, as the CLI does)
  --keep               keep the database and the generated feeds
  --newsboat           newsboat (Debian's) refreshes the same feeds after each round, with its
                       own cache, for the wall-time ratio (apt-get install newsboat)
  --cpu-prof           profile each refresh process (--cpu-prof) and print where its time goes
  --cpu-prof-dir DIR   where the .cpuprofile files go (default: a new temporary directory)
  --node-flag=FLAG     a Node option for the refresh processes (repeatable): --node-flag=--max-semi-space-size=16`;

const { values } = parseArgs({
  options: {
    "bench-dir": { type: "string", default: path.resolve(ROOT, "../shared/bench") },
    n: { type: "string", default: "1000" },
    seed: { type: "string", default: "42" },
    latency: { type: "string", default: "50" },
    "database-url": { type: "string", default: process.env.BENCH_DATABASE_URL },
    embedded: { type: "boolean", default: false },
    /** The embedded database's old name. */
    pglite: { type: "boolean", default: false },
    keep: { type: "boolean", default: false },
    newsboat: { type: "boolean", default: false },
    "cpu-prof": { type: "boolean", default: false },
    "cpu-prof-dir": { type: "string" },
    "node-flag": { type: "string", multiple: true, default: [] },
    help: { type: "boolean", default: false },
  },
});
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}

const BENCH_DIR = path.resolve(values["bench-dir"]!);
const GEN = path.join(BENCH_DIR, "gen-feeds.mjs");
const SERVE = path.join(BENCH_DIR, "serve.mjs");
if (!existsSync(GEN) || !existsSync(SERVE)) {
  console.error(`bench:reference: no reference workload in ${BENCH_DIR} (gen-feeds.mjs and serve.mjs expected); pass --bench-dir DIR`);
  process.exit(2);
}
const N = Number(values.n);
if (!Number.isInteger(N) || N < 1) {
  console.error(`bench:reference: --n must be a positive integer (got "${values.n}")`);
  process.exit(2);
}
/**
 * The command of `npm run cli` (package.json), run by this Node without npm in between: the CLI as
 * an operator starts it, with only the refresh process's own flags and time in the figures.
 */
const CLI = (JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")) as { scripts: Record<string, string> }).scripts.cli!.split(/\s+/);
if (CLI[0] !== "node") throw new Error(`bench:reference: npm run cli is "${CLI.join(" ")}", not a node command`);
const EMBEDDED = values.embedded || values.pglite;
const RELOAD_NOTE = "8 reload threads, same feeds, its own cache";
const FETCH_ENV = { FETCH_PER_HOST: "16", FETCH_CONCURRENCY: "16", PRIVATE_NETWORKS_FOR: "everyone" };
const TARGETS = { firstWall: 15, firstCpu: 12, unchangedWall: 2, addWall: 5, rssMb: 250, firstFloors: 5, addFloors: 2, firstOfNewsboat: 0.4 };

const work = mkdtempSync(path.join(os.tmpdir(), "tidings-bench-ref-"));
const feedsDir = path.join(work, "feeds");
const profileDir = values["cpu-prof"] ? path.resolve(values["cpu-prof-dir"] ?? mkdtempSync(path.join(os.tmpdir(), "tidings-bench-prof-"))) : null;
let server: ReturnType<typeof spawn> | null = null;

// The embedded database: DATA_DIR/postgres of a data directory in `work`, which PostgreSQL's
// user (as root it runs as another) must pass through.
const dataDir = path.join(work, "data");
if (EMBEDDED) chmodSync(work, 0o711);
/** On PostgreSQL: the bench's database (made in setUp). */
let bench: BenchDatabase | null = null;
let source: DatabaseSource = { kind: "embedded", dir: clusterDirOf(dataDir) };
let childDbEnv: Record<string, string> = { DATA_DIR: dataDir };

function generate(args: string[]) {
  const result = spawnSync(process.execPath, [GEN, "--out", feedsDir, ...args], { stdio: ["ignore", "inherit", "pipe"], encoding: "utf8" });
  if (result.status !== 0) throw new Error(`gen-feeds.mjs ${args.join(" ")} failed: ${result.stderr}`);
  return result.stderr.trim();
}

async function startServer(port: number): Promise<void> {
  const child = spawn(process.execPath, [SERVE, "--dir", feedsDir, "--port", String(port), "--latency", values.latency!], {
    stdio: ["ignore", "ignore", "pipe"],
  });
  server = child;
  await new Promise<void>((resolve, reject) => {
    let text = "";
    child.stderr!.on("data", (chunk: Buffer) => {
      text += chunk.toString();
      if (text.includes("serve:")) resolve();
    });
    child.once("exit", (code) => reject(new Error(`serve.mjs exited (${code}): ${text}`)));
  });
}

interface ServerStats {
  requests: number;
  status: Record<string, number>;
  bytes: number;
  gzip: number;
  serverCpuSeconds: number;
}

/**
 * Site-icon lookup requests (homepages and icons) in a round. serve.mjs counts no path apart, but
 * the HTTP client always asks for gzip, so every feed answer is a 304 or a gzip'd 200: whatever
 * else reached the host was a lookup.
 */
const lookupRequests = (stats: ServerStats) => stats.requests - (stats.status["304"] ?? 0) - stats.gzip;

/** GET on the fixture server over a new connection (a pooled one may have timed out meanwhile). */
function serverGet(port: number, what: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const request = http.get({ host: "127.0.0.1", port, path: what, agent: false }, (response) => {
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (body += chunk));
      response.on("end", () => (response.statusCode === 200 ? resolve(body) : reject(new Error(`GET ${what}: HTTP ${response.statusCode}`))));
      response.on("error", reject);
    });
    request.on("error", reject);
  });
}

/** Creates the database and subscribes one reader to every feed of feeds.opml through the app's OPML import. */
async function setUp(): Promise<number> {
  if (EMBEDDED) mkdirSync(dataDir, { recursive: true });
  else {
    bench = await benchDatabase("postgres", { prefix: "tidings_bench", maxConnections: 10, ...(values["database-url"] ? { serverUrl: values["database-url"] } : {}) });
    if (bench.source.kind !== "postgres") throw new Error("bench:reference: expected a database by URL");
    source = bench.source;
    childDbEnv = { DATABASE_URL: bench.source.url };
  }
  const database = await openDatabase(source);
  try {
    await migrate(database.db);
    const config = loadConfig({ DATA_DIR: work, LOG_LEVEL: "silent", SCHEDULER: "false" });
    const server = createServer({ config, database, logger: createLogger({ level: "silent" }), authSecret: randomBytes(32).toString("hex") });
    try {
      const origin = new URL(config.server.webUrl).origin;
      const signUp = await server.app.request("/api/better-auth/sign-up/email", {
        method: "POST",
        headers: { "content-type": "application/json", origin },
        body: JSON.stringify({ email: "bench@example.com", password: "correct horse battery", name: "Bench" }),
      });
      if (signUp.status !== 200) throw new Error(`sign-up: HTTP ${signUp.status}`);
      const cookie = signUp.headers.getSetCookie().map((line) => line.split(";")[0]).join("; ");
      const form = new FormData();
      form.set("file", new File([readFileSync(path.join(feedsDir, "feeds.opml"))], "feeds.opml", { type: "text/x-opml" }));
      form.set("view", "0");
      const response = await server.app.request("/api/subscriptions/import", { method: "POST", headers: { cookie, origin }, body: form });
      const answer = (await response.json()) as { code: number; data?: OpmlImportResult };
      if (response.status !== 200 || !answer.data) throw new Error(`OPML import: HTTP ${response.status} ${JSON.stringify(answer)}`);
      const result = answer.data;
      if (result.parsedErrorItems.length > 0) throw new Error(`OPML import: ${JSON.stringify(result.parsedErrorItems.slice(0, 3))}`);
      return result.successfulItems.length;
    } finally {
      await server.close();
    }
  } finally {
    await database.close();
  }
}

async function countEntries(): Promise<number> {
  const database = await openDatabase(source);
  try {
    return Number(rowsOf<{ n: number }>(await database.db.execute(sql`SELECT count(*)::int AS n FROM entries`))[0]!.n);
  } finally {
    await database.close();
  }
}

/**
 * Makes the search documents a round left waiting (a refresh stores entries and leaves their
 * documents to the server's background indexer): drained here, through a server's own indexer,
 * so that its cost is reported beside the round's, not hidden. Answers the documents made, this
 * process's CPU seconds for them and the database's (null where postgresCpuSeconds is).
 */
async function indexBacklog(): Promise<{ documents: number; cpu: number; pg: number | null }> {
  const database = await openDatabase(source);
  try {
    const config = loadConfig({ DATA_DIR: work, LOG_LEVEL: "silent", SCHEDULER: "false" });
    const server = createServer({ config, database, logger: createLogger({ level: "silent" }), authSecret: randomBytes(32).toString("hex") });
    try {
      const pgBefore = postgresCpuSeconds();
      const cpuBefore = process.cpuUsage();
      const documents = await server.root.searchIndexer.drain();
      const cpu = process.cpuUsage(cpuBefore);
      const pgAfter = postgresCpuSeconds();
      return { documents, cpu: (cpu.user + cpu.system) / 1e6, pg: pgBefore !== null && pgAfter !== null ? pgAfter - pgBefore : null };
    } finally {
      await server.close();
    }
  } finally {
    await database.close();
  }
}

interface RefreshAnswer {
  refreshed: number;
  notModified: number;
  failed: number;
  seconds: number;
  cpuSeconds?: number;
  mainCpuSeconds?: number;
  threadCpuSeconds?: Record<string, number> | null;
  maxRssMb?: number;
}

/**
 * CPU seconds used so far by the PostgreSQL server the bench's database is on: the one this
 * benchmark started (its cluster's processes), or on BENCH_DATABASE_URL's server every `postgres`
 * process of this machine (and the backends that ended, which the postmaster has reaped). Null
 * when it is not local or /proc is not readable, and on the embedded database (each refresh
 * process runs its own PostgreSQL, which ends with it). The difference over a round is what the
 * database spent on it.
 */
function postgresCpuSeconds(): number | null {
  if (EMBEDDED || process.platform !== "linux") return null;
  if (bench?.clusterDir) return clusterCpuSeconds(bench.clusterDir);
  let ticks = 0;
  let postmaster: { pid: number; start: number } | null = null;
  try {
    for (const name of readdirSync("/proc")) {
      if (!/^\d+$/.test(name)) continue;
      let stat: string;
      try {
        stat = readFileSync(`/proc/${name}/stat`, "utf8");
      } catch {
        continue;
      }
      if (!stat.includes("(postgres)")) continue;
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      // utime and stime are fields 14 and 15 of the line (11 and 12 after the name); the oldest
      // process is the postmaster, whose cutime and cstime (13, 14) hold the ended backends.
      ticks += Number(fields[11]) + Number(fields[12]);
      const start = Number(fields[19]);
      if (!postmaster || start < postmaster.start) postmaster = { pid: Number(name), start };
    }
    if (!postmaster) return null;
    const fields = readFileSync(`/proc/${postmaster.pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    ticks += Number(fields[13]) + Number(fields[14]);
  } catch {
    return null;
  }
  return ticks / 100;
}

/** One `cli refresh --all` in a fresh process, as an operator runs it. */
async function refreshProcess(label: string): Promise<{ wall: number; answer: RefreshAnswer }> {
  const flags = [...values["node-flag"]!, ...(profileDir ? ["--cpu-prof", `--cpu-prof-dir=${profileDir}`, `--cpu-prof-name=${label}.cpuprofile`] : [])];
  const started = performance.now();
  const child = spawn(process.execPath, [...flags, ...CLI.slice(1), "refresh", "--all"], {
    cwd: ROOT,
    env: { ...process.env, ...childDbEnv, ...FETCH_ENV, LOG_LEVEL: "warn" },
    stdio: ["ignore", "pipe", "inherit"],
  });
  let out = "";
  child.stdout!.on("data", (chunk: Buffer) => (out += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
  const wall = (performance.now() - started) / 1000;
  const line = out.trim().split("\n").pop() ?? "";
  let answer: RefreshAnswer;
  try {
    answer = JSON.parse(line) as RefreshAnswer;
  } catch {
    throw new Error(`cli refresh --all (${label}) exited ${code} without its JSON answer: ${out}`);
  }
  return { wall, answer };
}

const fmt = (value: number | undefined, digits = 2) => (value === undefined ? "?" : value.toFixed(digits));

const databaseLabel = () => (bench ? bench.label : "the embedded PostgreSQL in DATA_DIR, started by each refresh process");

async function cleanUp() {
  if (server && server.exitCode === null) {
    server.kill("SIGTERM");
    await new Promise((resolve) => server!.once("exit", resolve));
  }
  if (values.keep) {
    const database = bench ? await bench.keep() : `the data directory ${dataDir}`;
    console.log(`kept: feeds in ${feedsDir}, ${database}`);
    return;
  }
  await bench?.drop().catch((error: unknown) => console.error(`drop the bench database: ${String(error)}`));
  rmSync(work, { recursive: true, force: true });
}

try {
  const port = await freePort();
  console.log(generate(["--n", String(N), "--seed", values.seed!, "--base", `http://127.0.0.1:${port}`]));
  await startServer(port);
  await serverGet(port, "/__warm");
  const subscribed = await setUp();
  console.log(`subscribed one reader to ${subscribed} feeds (${databaseLabel()}); refreshing in fresh processes`);
  await serverGet(port, "/__stats?reset=1");

  const newsboat = values.newsboat ? createNewsboat(path.join(work, "newsboat"), path.join(feedsDir, "feeds.opml")) : null;
  if (values.newsboat && !newsboat) console.log("newsboat is not installed (apt-get install newsboat): no comparison");
  const rows: Record<string, string | number>[] = [];
  const results: { wall: number; cpu?: number; rss?: number; requests: number; notModified: number; floor: ParserFloor | null; newsboat: number | null }[] = [];
  let entriesBefore = 0;
  for (const label of ["first", "unchanged", "+5"]) {
    if (label === "+5") {
      console.log(generate(["--add", "5"]));
      await serverGet(port, "/__warm");
      await serverGet(port, "/__stats?reset=1");
    }
    // What the round reads (every document, changed): the parser's floor, measured now, here.
    const floor = label === "unchanged" ? null : measureParserFloor(feedsDir);
    const pgBefore = postgresCpuSeconds();
    const { wall, answer } = await refreshProcess(label === "+5" ? "add5" : label);
    const pgAfter = postgresCpuSeconds();
    const stats = JSON.parse(await serverGet(port, "/__stats?reset=1")) as ServerStats;
    const indexing = await indexBacklog();
    // newsboat reads the same documents after us (its requests counted apart from ours).
    const newsboatWall = newsboat ? await newsboat.reload() : null;
    if (newsboat) await serverGet(port, "/__stats?reset=1");
    const entries = await countEntries();
    const notModified = stats.status["304"] ?? 0;
    results.push({ wall, cpu: answer.cpuSeconds, rss: answer.maxRssMb, requests: stats.requests, notModified, floor, newsboat: newsboatWall });
    rows.push({
      round: label,
      "wall s": Number(wall.toFixed(2)),
      "CPU s": fmt(answer.cpuSeconds),
      "main thread CPU s": fmt(answer.mainCpuSeconds),
      // main / reading threads / V8's helpers (collection, compilation) / libuv's pool (inflating)
      ...(answer.threadCpuSeconds ? { "CPU s by thread": Object.entries(answer.threadCpuSeconds).filter(([, seconds]) => seconds > 0).map(([kind, seconds]) => `${kind} ${seconds.toFixed(1)}`).join(" / ") } : {}),
      ...(floor ? { "floor CPU s": fmt(floor.cpuSeconds), "× floor": answer.cpuSeconds === undefined ? "?" : `${(answer.cpuSeconds / floor.cpuSeconds).toFixed(1)}×` } : {}),
      "peak RSS MB": answer.maxRssMb ?? "?",
      ...(newsboatWall !== null ? { "newsboat wall s": Number(newsboatWall.toFixed(2)), "÷ newsboat": `${(wall / newsboatWall).toFixed(2)}×` } : {}),
      ...(pgBefore !== null && pgAfter !== null ? { "PostgreSQL CPU s": Number((pgAfter - pgBefore).toFixed(2)) } : {}),
      // After the round, apart from it: the search documents of what it stored (the server's background indexer).
      "indexed after": indexing.documents,
      "indexing CPU s (Node / PostgreSQL)": `${indexing.cpu.toFixed(2)} / ${indexing.pg === null ? "?" : indexing.pg.toFixed(2)}`,
      requests: stats.requests,
      "304s": `${notModified} (${((notModified / Math.max(1, stats.requests)) * 100).toFixed(0)}%)`,
      "icon lookups": lookupRequests(stats),
      "MB sent": Number((stats.bytes / 1e6).toFixed(1)),
      "new entries": entries - entriesBefore,
      "entries stored": entries,
      failed: answer.failed,
    });
    entriesBefore = entries;
    console.log(`${label}: ${JSON.stringify(rows.at(-1))}`);
  }

  const load = os.loadavg().map((x) => x.toFixed(2)).join(" ");
  console.log(
    `\nNode ${process.version}, ${os.cpus().length} CPUs (load ${load}); ${N} feeds (seed ${values.seed}) on one host, ${values.latency} ms latency; ` +
      `${databaseLabel()}; FETCH_CONCURRENCY=16 FETCH_PER_HOST=16` +
      `${values["node-flag"]!.length ? `; node ${values["node-flag"]!.join(" ")}` : ""}${profileDir ? "; with --cpu-prof" : ""}`,
  );
  console.table(rows);
  const [first, unchanged, added] = results as [(typeof results)[0], (typeof results)[0], (typeof results)[0]];
  const peak = Math.max(...results.map((result) => result.rss ?? 0));
  const check = (ok: boolean) => (ok ? "ok" : "MISSED");
  const scale = N === 1000 ? "" : ` (targets are for 1000 feeds; this run has ${N})`;
  console.log(`targets${scale}:`);
  console.log(`  first     ≤ ${TARGETS.firstWall} s wall / ≤ ${TARGETS.firstCpu} s CPU: ${fmt(first.wall)} s / ${fmt(first.cpu)} s  ${check(first.wall <= TARGETS.firstWall && (first.cpu ?? Infinity) <= TARGETS.firstCpu)}`);
  console.log(
    `  unchanged ≤ ${TARGETS.unchangedWall} s, 100% 304: ${fmt(unchanged.wall)} s, ${unchanged.notModified}/${unchanged.requests}  ${check(unchanged.wall <= TARGETS.unchangedWall && unchanged.requests > 0 && unchanged.notModified === unchanged.requests)}`,
  );
  console.log(`  +5        ≤ ${TARGETS.addWall} s: ${fmt(added.wall)} s  ${check(added.wall <= TARGETS.addWall)}`);
  console.log(`  peak RSS  ≤ ${TARGETS.rssMb} MB: ${peak} MB  ${check(peak > 0 && peak <= TARGETS.rssMb)}`);
  // Issue 41's: the refresh process's processor time (every thread) against the parser's floor.
  const floors = (round: (typeof results)[0], most: number, name: string) => {
    if (!round.floor || round.cpu === undefined) return;
    const ratio = round.cpu / round.floor.cpuSeconds;
    console.log(`  ${name} CPU ≤ ${most}× the floor (${round.floor.megabytes.toFixed(0)} MB decoded and tokenised: ${fmt(round.floor.cpuSeconds)} s): ${fmt(round.cpu)} s = ${ratio.toFixed(1)}×  ${check(ratio <= most)}`);
  };
  floors(first, TARGETS.firstFloors, "first    ");
  floors(added, TARGETS.addFloors, "+5       ");
  if (first.newsboat !== null) {
    const ratio = first.wall / first.newsboat;
    console.log(`  first     wall ≤ ${TARGETS.firstOfNewsboat}× ${newsboat!.version}'s (${RELOAD_NOTE}): ${fmt(first.wall)} s / ${fmt(first.newsboat)} s = ${ratio.toFixed(2)}×  ${check(ratio <= TARGETS.firstOfNewsboat)}`);
  }

  if (profileDir) {
    console.log(`\nCPU profiles in ${profileDir}`);
    for (const name of ["first", "unchanged", "add5"]) {
      const file = path.join(profileDir, `${name}.cpuprofile`);
      if (existsSync(file)) summarizeProfile(file, ROOT);
    }
  }
} catch (error) {
  process.exitCode = 1;
  console.error(error);
} finally {
  await cleanUp();
}
