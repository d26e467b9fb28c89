// `npm run bench:load [-- --db embedded|postgres] [--readers 20] [--seconds 30] [--profile DIR] [--only CALL] [--refresh N]`:
// readers in a closed loop (no think time) against `npm start`'s server process (on its embedded
// PostgreSQL in DATA_DIR; `--db postgres`: on a database of bench/bench-database.ts's by
// DATABASE_URL), each looping
// timeline page → unread counts → mark one read → search, as issue 27 measures. `--only health`
// (GET /healthz, no session, no database) or `--only unread` (GET /reads) loops one call alone:
// the ceiling of the server and this machine, the load generator included, for the same readers. The readers,
// their feeds (100 × 200 entries, 30 followed each) and timelines are seeded first through the
// public API; then requests/s, p50/p99 by call and errors, and the server's own event-loop delay.
// `--refresh N`: meanwhile one more reader imports an OPML of N feeds of the reference workload
// (../shared/bench, served from loopback with 50 ms latency), and the readers read until the
// server has fetched every one of them (at most --seconds): the refresh's feeds/s beside the
// readers' latencies, as issue 39 measures with 4 readers and 300 feeds.
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { parseArgs } from "node:util";
import { clusterDirOf, embeddedHolder, createLogger, createServer, loadConfig, migrate, openDatabase, type DatabaseSource } from "@tidings/server";
import { benchDatabase, benchDatabaseKind } from "./bench/bench-database.ts";
import { createLoadClient, signIn } from "./bench/load-client.ts";
import { seedReaders } from "./bench/seed-readers.ts";
import { waitForServer } from "./bench/wait-for-server.ts";
import { serveReferenceFeeds } from "./bench/reference-feeds.ts";
import { START_ENV, serverMain, startNodeFlags } from "./server-process.ts";

const { values } = parseArgs({
  options: { refresh: { type: "string", default: "0" }, only: { type: "string" }, db: { type: "string", default: "embedded" }, readers: { type: "string", default: "20" }, seconds: { type: "string", default: "30" }, port: { type: "string", default: "3931" }, profile: { type: "string" } },
});
const READERS = Number(values.readers);
const SECONDS = Number(values.seconds);
const REFRESH = Number(values.refresh);
const POSTGRES = benchDatabaseKind(values.db, "embedded") === "postgres";
const ORIGIN = `http://127.0.0.1:${values.port}`;
const SECRET = randomBytes(32).toString("hex");

const dataDir = await mkdtemp(path.join(tmpdir(), "tidings-load-"));
const bench = POSTGRES ? await benchDatabase("postgres", { prefix: "tidings_loadbench", maxConnections: 10 }) : null;
// The embedded database: the cluster the server will find in its DATA_DIR, made here (fsync off
// while seeding; the server then runs it as `npm start` does).
const source: DatabaseSource = bench ? bench.source : { kind: "embedded", dir: clusterDirOf(dataDir), durable: false };

// Seed in process (the embedded PostgreSQL has one process running it at a time), then hand the
// database to the server process.
const seedStarted = performance.now();
const database = await openDatabase(source);
await migrate(database.db);
const seeding = createServer({ config: loadConfig({ LOG_LEVEL: "silent", DATA_DIR: dataDir, SCHEDULER: "false", AUTH_SECRET: SECRET, WEB_URL: ORIGIN, RATE_LIMIT_AUTH_PER_MINUTE: "0" }), logger: createLogger({ level: "silent" }), database, authSecret: SECRET });
const userIds: string[] = [];
for (let i = 0; i < READERS; i++) {
  const response = await seeding.app.request("/api/better-auth/sign-up/email", {
    method: "POST",
    headers: { "content-type": "application/json", origin: ORIGIN },
    body: JSON.stringify({ email: `reader${i}@example.com`, password: "correct horse battery", name: `Reader ${i}` }),
  });
  userIds.push(((await response.json()) as { user: { id: string } }).user.id);
}
if (REFRESH > 0) {
  await seeding.app.request("/api/better-auth/sign-up/email", {
    method: "POST",
    headers: { "content-type": "application/json", origin: ORIGIN },
    body: JSON.stringify({ email: `reader${READERS}@example.com`, password: "correct horse battery", name: "Importer" }),
  });
}
const seeded = await seedReaders(seeding.root.db, { userIds, feeds: 100, entriesPerFeed: 200, perReader: 30, firstId: BigInt(seeding.root.ids.next()) });
await seeding.close();
await database.close();
console.log(`seeded ${READERS} readers, ${seeded.timelineRows} timeline rows in ${((performance.now() - seedStarted) / 1000).toFixed(0)} s`);

// `--profile DIR`: the server writes a V8 CPU profile there when it stops (open it in Chrome's DevTools).
const profileFlags = values.profile ? ["--cpu-prof", `--cpu-prof-dir=${path.resolve(values.profile)}`] : [];
const server: ChildProcess = spawn(process.execPath, [...startNodeFlags(), ...profileFlags, serverMain()], {
  env: {
    ...process.env,
    ...START_ENV,
    PORT: values.port,
    DATA_DIR: dataDir,
    AUTH_SECRET: SECRET,
    LOG_LEVEL: "warn",
    WEB_URL: ORIGIN,
    // Every reader signs in from this one address: more than a minute's sign-ins of one visitor.
    RATE_LIMIT_AUTH_PER_MINUTE: "0",
    // The reference feeds are on loopback; the importer follows them all.
    ...(REFRESH > 0 ? { PRIVATE_NETWORKS_FOR: "everyone", TRIAL_MAX_FEED_SUBSCRIPTIONS: String(REFRESH + 100) } : {}),
    ...(bench?.source.kind === "postgres" ? { DATABASE_URL: bench.source.url } : {}),
  },
  stdio: ["ignore", "inherit", "inherit"],
});
await waitForServer(ORIGIN);

const cookies: string[] = [];
for (let i = 0; i < READERS; i++) cookies.push(await signIn(ORIGIN, i));

const client = createLoadClient(ORIGIN);
const call = (name: string, cookie: string, method: string, pathName: string, json?: unknown) => client.call(name, ORIGIN, cookie, method, pathName, json);

let deadline = performance.now() + SECONDS * 1000;
const refreshing = REFRESH > 0 ? await startRefresh() : null;
async function reader(i: number) {
  const cookie = cookies[i]!;
  if (values.only === "health" || values.only === "unread") {
    while (performance.now() < deadline) {
      if (values.only === "health") await client.call("healthz", ORIGIN, "", "GET", "/../healthz");
      else await call("unread counts", cookie, "GET", "/reads");
    }
    return;
  }
  let cursor: string | null = null;
  let n = 0;
  while (performance.now() < deadline) {
    const page = (await call("timeline page", cookie, "POST", "/entries", { view: 0, limit: 20, ...(cursor && n % 5 ? { cursor } : {}) })) as { data: { entries: { id: string }; read?: boolean }[]; nextCursor?: string | null } | null;
    cursor = page?.nextCursor ?? null;
    await call("unread counts", cookie, "GET", "/reads");
    const unread = page?.data.find((item) => item.read === false) ?? page?.data[0];
    if (unread) await call("mark one read", cookie, "POST", "/reads", { entryIds: [unread.entries.id] });
    await call("search", cookie, "GET", `/search?q=${seeded.words[(i + n) % seeded.words.length]}`);
    n++;
  }
}
const started = performance.now();
await Promise.all([...Array.from({ length: READERS }, (_, i) => reader(i)), refreshing?.done]);
const elapsed = (performance.now() - started) / 1000;

client.report(`Node ${process.version}; ${bench ? bench.label : "embedded PostgreSQL of npm start (DATA_DIR)"}; ${READERS} readers, closed loop, ${SECONDS} s`, elapsed);

if (refreshing) console.log(refreshing.summary());
await refreshing?.close();

server.kill("SIGTERM");
await new Promise((resolve) => server.once("exit", resolve));
await rm(dataDir, { recursive: true, force: true });
await bench?.drop();

/**
 * The importer follows the reference feeds (one OPML import), then the server's scheduler fetches
 * them while the readers read; `done` resolves when every feed has been fetched once (the readers
 * stop then), read from the server's database.
 */
async function startRefresh() {
  const feeds = await serveReferenceFeeds(path.join(dataDir, "reference"), { n: REFRESH, port: Number(values.port) + 1, latencyMs: 50 });
  const { default: pg } = await import("pg");
  const url = bench?.source.kind === "postgres" ? bench.source.url : (await embeddedHolder(dataDir))?.database;
  if (!url) throw new Error("the server's database was not found");
  const db = new pg.Client({ connectionString: url });
  db.on("error", () => {});
  await db.connect();
  const importer = await signIn(ORIGIN, READERS);
  const form = new FormData();
  form.set("file", feeds.opml);
  form.set("view", "0");
  const importStarted = performance.now();
  const response = await fetch(`${ORIGIN}/api/subscriptions/import`, { method: "POST", headers: { cookie: importer, origin: ORIGIN }, body: form });
  if (!response.ok) throw new Error(`the import failed: HTTP ${response.status} ${await response.text()}`);
  const imported = performance.now();
  let fetchedAll = 0;
  let fetched = 0;
  const done = (async () => {
    while (performance.now() < deadline) {
      const { rows } = await db.query<{ n: string }>("SELECT count(*) AS n FROM feeds WHERE url LIKE $1 AND checked_at IS NOT NULL", [`${feeds.base}/%`]);
      fetched = Number(rows[0]!.n);
      if (fetched >= REFRESH) {
        fetchedAll = performance.now();
        deadline = fetchedAll;
        return;
      }
      await sleep(100);
    }
  })();
  return {
    done,
    summary: () => {
      const seconds = ((fetchedAll || performance.now()) - importStarted) / 1000;
      return `refresh of ${REFRESH} just-imported feeds while ${READERS} readers read: import request ${Math.round(imported - importStarted)} ms; ${fetched} fetched in ${seconds.toFixed(1)} s from the import: ${(fetched / seconds).toFixed(1)} feeds/s${fetchedAll ? "" : " (not all within --seconds)"}`;
    },
    close: async () => {
      await db.end();
      await feeds.close();
    },
  };
}
