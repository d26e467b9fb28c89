// `npm run bench:cluster [-- --readers 200] [--seconds 60] [--api 2] [--feeds 1000]`: the scaled-out
// deployment under load, as issue 27 asks. On a new PostgreSQL database: `--api` API processes
// (SCHEDULER=false) and one refresh worker, started as the image starts them; `--feeds` generated
// feeds on a local feed host (50 ms a request) that the worker refreshes underneath the load, a
// few followed by every reader. Readers in a closed loop, each request to the next API process in
// turn (sessions and limits must hold across processes): timeline pages, unread counts, mark
// read, star and unstar, search, summaries. Then p50/p99 per call, errors, how far the refresh
// went, and a recount: every reader's unread counts as the API answers them against a count of
// their unread rows, and their stars against what the readers starred.
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { createLogger, createServer, loadConfig, migrate, openDatabase, rowsOf, schema } from "@tidings/server";
import { benchDatabase } from "./bench/bench-database.ts";
import { createLoadClient, signIn } from "./bench/load-client.ts";
import { seedReaders } from "./bench/seed-readers.ts";
import { waitForServer } from "./bench/wait-for-server.ts";
import { START_ENV, serverMain, startNodeFlags } from "./server-process.ts";
import { ROOT } from "./web-build.ts";

const { values } = parseArgs({
  options: {
    readers: { type: "string", default: "200" },
    seconds: { type: "string", default: "60" },
    api: { type: "string", default: "2" },
    feeds: { type: "string", default: "1000" },
    port: { type: "string", default: "3941" },
  },
});
const READERS = Number(values.readers);
const SECONDS = Number(values.seconds);
const API = Number(values.api);
const FEEDS = Number(values.feeds);
const SECRET = randomBytes(32).toString("hex");
const origins = Array.from({ length: API }, (_, i) => `http://127.0.0.1:${Number(values.port) + i}`);
const WEB = origins[0]!;
// Every simulated reader signs in from this one address: the per-address sign-in limit is off.
const NO_AUTH_LIMIT = { RATE_LIMIT_AUTH_PER_MINUTE: "0" };

const bench = await benchDatabase("postgres", { prefix: "tidings_cluster", maxConnections: 10 });
if (bench.source.kind !== "postgres") throw new Error("bench:cluster runs on PostgreSQL");
const databaseUrl = bench.source.url;
const dataDir = await mkdtemp(path.join(tmpdir(), "tidings-cluster-"));
const children: ChildProcess[] = [];
const stopAll = async () => {
  await Promise.all(children.filter((child) => child.exitCode === null && child.signalCode === null).map((child) => new Promise((resolve) => (child.once("exit", resolve), child.kill("SIGTERM")))));
};

try {
  // The feed host the worker refreshes from: FEEDS feeds over many 127.0.0.x "hosts".
  const host = spawn(process.execPath, [path.join(ROOT, "scripts/bench/feed-server.ts"), String(FEEDS), "50"], { stdio: ["ignore", "pipe", "inherit"] });
  children.push(host);
  const feedPort = await new Promise<number>((resolve) => host.stdout!.once("data", (chunk: Buffer) => resolve(Number(chunk.toString().trim()))));

  // Seed in process: readers through the API, their timelines in bulk, then the refreshed feeds.
  const seedStarted = performance.now();
  const database = await openDatabase(bench.source);
  await migrate(database.db);
  const seeding = createServer({ config: loadConfig({ ...NO_AUTH_LIMIT, LOG_LEVEL: "silent", DATABASE_URL: databaseUrl, SCHEDULER: "false", AUTH_SECRET: SECRET, WEB_URL: WEB }), logger: createLogger({ level: "silent" }), database, authSecret: SECRET });
  // The first reader signs up through the API; the others are copies of it (its settled role and
  // password hash) in bulk: 200 password hashings would take minutes of the seeding.
  const first = await seeding.app.request("/api/better-auth/sign-up/email", {
    method: "POST",
    headers: { "content-type": "application/json", origin: WEB },
    body: JSON.stringify({ email: "reader0@example.com", password: "correct horse battery", name: "Reader 0" }),
  });
  if (!first.ok) throw new Error(`sign-up: ${first.status} ${await first.text()}`);
  const userIds = [((await first.json()) as { user: { id: string } }).user.id];
  for (let i = 1; i < READERS; i++) userIds.push(seeding.root.ids.next());
  const copies = JSON.stringify(userIds.slice(1).map((id, k) => ({ id, n: k + 1 })));
  await seeding.root.db.execute(sql`
    INSERT INTO users (id, name, email, email_verified, role, created_at, updated_at)
    SELECT c.id, 'Reader ' || c.n, 'reader' || c.n || '@example.com', u.email_verified, u.role, now(), now()
    FROM jsonb_to_recordset(${copies}::jsonb) AS c(id text, n int), users u WHERE u.id = ${userIds[0]!}`);
  await seeding.root.db.execute(sql`
    INSERT INTO accounts (id, account_id, provider_id, user_id, password, created_at, updated_at)
    SELECT 'acct' || c.id, c.id, a.provider_id, c.id, a.password, now(), now()
    FROM jsonb_to_recordset(${copies}::jsonb) AS c(id text, n int), accounts a WHERE a.user_id = ${userIds[0]!} AND a.provider_id = 'credential'`);
  const seeded = await seedReaders(seeding.root.db, { userIds, feeds: 100, entriesPerFeed: 200, perReader: 30, firstId: BigInt(seeding.root.ids.next()) });
  const feedRows = Array.from({ length: FEEDS }, (_, i) => ({ id: seeding.root.ids.next(), url: `http://127.0.0.${1 + (i % 50)}:${feedPort}/feeds/${i}.xml` }));
  for (let i = 0; i < feedRows.length; i += 500) await seeding.root.db.insert(schema.feeds).values(feedRows.slice(i, i + 500));
  // Every reader follows 5 of the refreshed feeds, so new entries reach their timelines meanwhile.
  const follows = userIds.flatMap((userId, r) => Array.from({ length: 5 }, (_, k) => ({ id: seeding.root.ids.next(), userId, type: "feed" as const, feedId: feedRows[(r * 5 + k) % FEEDS]!.id, view: 0 })));
  for (let i = 0; i < follows.length; i += 500) await seeding.root.db.insert(schema.subscriptions).values(follows.slice(i, i + 500));
  await seeding.close();
  await database.close();
  console.log(`seeded ${READERS} readers (${seeded.timelineRows} timeline rows) and ${FEEDS} feeds to refresh in ${((performance.now() - seedStarted) / 1000).toFixed(0)} s`);

  const env = { ...process.env, ...START_ENV, ...NO_AUTH_LIMIT, DATABASE_URL: databaseUrl, AUTH_SECRET: SECRET, WEB_URL: WEB, LOG_LEVEL: "warn", PRIVATE_NETWORKS_FOR: "everyone", FETCH_PER_HOST: "4", FETCH_CONCURRENCY: "16" };
  for (const origin of origins) {
    children.push(spawn(process.execPath, [...startNodeFlags(), serverMain()], { env: { ...env, PORT: new URL(origin).port, SCHEDULER: "false", DATA_DIR: dataDir }, stdio: ["ignore", "inherit", "inherit"] }));
  }
  for (const origin of origins) await waitForServer(origin);
  const worker = spawn(process.execPath, [path.join(ROOT, "apps/server/src/worker.ts")], { env: { ...env, DATA_DIR: dataDir }, stdio: ["ignore", "inherit", "inherit"] });
  children.push(worker);

  const cookies: string[] = [];
  for (let i = 0; i < READERS; i++) cookies.push(await signIn(origins[i % API]!, i, WEB));
  const client = createLoadClient(WEB);
  let turn = 0;
  const call = (name: string, cookie: string, method: string, pathName: string, json?: unknown) => client.call(name, origins[turn++ % API]!, cookie, method, pathName, json);

  // What each reader starred, as the answers said: compared with the database afterwards.
  const starred = Array.from({ length: READERS }, () => new Set<string>());
  const deadline = performance.now() + SECONDS * 1000;
  type Page = { data: { entries: { id: string }; read?: boolean; collections?: unknown }[]; nextCursor?: string | null } | null;
  async function reader(i: number) {
    const cookie = cookies[i]!;
    let cursor: string | null = null;
    for (let n = 0; performance.now() < deadline; n++) {
      const page = (await call("timeline page", cookie, "POST", "/entries", { view: 0, limit: 20, ...(cursor && n % 5 ? { cursor } : {}) })) as Page;
      cursor = page?.nextCursor ?? null;
      await call("unread counts", cookie, "GET", "/reads");
      const items = page?.data ?? [];
      const unread = items.find((item) => item.read === false);
      if (unread) await call("mark read", cookie, "POST", "/reads", { entryIds: [unread.entries.id] });
      const pick = items[n % Math.max(1, items.length)];
      if (pick && n % 2 === 0) {
        const id = pick.entries.id;
        if (starred[i]!.has(id)) {
          if ((await call("unstar", cookie, "DELETE", "/collections", { entryId: id })) !== null) starred[i]!.delete(id);
        } else if ((await call("star", cookie, "POST", "/collections", { entryId: id, view: 0 })) !== null) starred[i]!.add(id);
      }
      if (n % 3 === 0) await call("search", cookie, "GET", `/search?q=${seeded.words[(i + n) % seeded.words.length]}`);
      if (pick && n % 4 === 1) await call("summary", cookie, "GET", `/ai/summary?id=${pick.entries.id}`);
    }
  }
  const started = performance.now();
  await Promise.all(Array.from({ length: READERS }, (_, i) => reader(i)));
  const elapsed = (performance.now() - started) / 1000;
  client.report(`Node ${process.version}; PostgreSQL; ${API} API processes + 1 worker; ${READERS} readers, closed loop, ${SECONDS} s`, elapsed);

  // The recount, on a connection of our own once the load is over.
  await stopAll();
  const check = await openDatabase(bench.source);
  const count = async (query: ReturnType<typeof sql>) => Number(rowsOf<{ n: string }>(await check.db.execute(query))[0]!.n);
  const refreshed = await count(sql`SELECT count(*) AS n FROM feeds WHERE checked_at IS NOT NULL AND url LIKE 'http://127.0.0.%'`);
  const newEntries = await count(sql`SELECT count(*) AS n FROM entries e JOIN feeds f ON f.id = e.feed_id WHERE f.url LIKE 'http://127.0.0.%'`);
  const duplicates = await count(sql`SELECT count(*) AS n FROM (SELECT feed_id, guid FROM entries GROUP BY feed_id, guid HAVING count(*) > 1) d`);
  const countsOff = await count(sql`
    SELECT count(*) AS n FROM (
      SELECT coalesce(c.user_id, r.user_id) AS user_id FROM (SELECT user_id, source_id, count FROM unread_counts WHERE count <> 0) c
      FULL JOIN (SELECT user_id, source_id, count(*) AS count FROM unread_entries GROUP BY user_id, source_id) r
        ON r.user_id = c.user_id AND r.source_id = c.source_id
      WHERE c.count IS DISTINCT FROM r.count) off`);
  let starsOff = 0;
  for (let i = 0; i < READERS; i++) {
    const rows = rowsOf<{ entry_id: string }>(await check.db.execute(sql`SELECT entry_id::text FROM collections WHERE user_id = ${userIds[i]!}`));
    const inDb = new Set(rows.map((row) => row.entry_id));
    if (inDb.size !== starred[i]!.size || [...starred[i]!].some((id) => !inDb.has(id))) starsOff++;
  }
  await check.close();
  console.log(`refresh underneath: ${refreshed} of ${FEEDS} feeds fetched, ${newEntries} entries stored, ${duplicates} stored twice`);
  console.log(`recount: ${countsOff} unread counts differ from a count of unread rows; ${starsOff} readers whose stars differ from what they starred`);
} finally {
  await stopAll();
  await bench.drop();
  await rm(dataDir, { recursive: true, force: true });
}
