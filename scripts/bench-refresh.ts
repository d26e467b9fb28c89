// `npm run bench:refresh -- --feeds 1000 --latency 50 [--db postgres|embedded]`: generates feeds,
// serves them from loopback (many 127.0.0.x hosts) with the given latency from a separate process,
// subscribes a reader to all of them, then refreshes every feed through the real scheduler into
// the real database three times: first fetch, unchanged (304s), and after new items. Prints
// feeds/s, entries/s, peak RSS, requests, bytes and the share of 304s.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import path from "node:path";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { createLogger, createRoot, loadConfig, migrate, openDatabase, schema } from "@tidings/server";
import { ROOT } from "./web-build.ts";
import { benchDatabase, benchDatabaseKind } from "./bench/bench-database.ts";

const { values } = parseArgs({
  options: {
    feeds: { type: "string", default: "1000" },
    latency: { type: "string", default: "50" },
    db: { type: "string", default: "postgres" },
    hosts: { type: "string", default: "50" },
    concurrency: { type: "string", default: "32" },
  },
});
const FEEDS = Number(values.feeds);
const HOSTS = Number(values.hosts);

let peakRss = 0;
const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 50);

const host = spawn(process.execPath, [path.join(ROOT, "scripts/bench/feed-server.ts"), String(FEEDS), values.latency!], { stdio: ["ignore", "pipe", "inherit"] });
const port = await new Promise<number>((resolve) => host.stdout!.once("data", (chunk: Buffer) => resolve(Number(chunk.toString().trim()))));
const stats = async () => (await (await fetch(`http://127.0.0.1:${port}/__stats`)).json()) as { requests: number; notModified: number; bytes: number };

const bench = await benchDatabase(benchDatabaseKind(values.db, "postgres"), { prefix: "tidings_bench", maxConnections: 20 });
const database = await openDatabase(bench.source);
await migrate(database.db);
const config = loadConfig({
  PRIVATE_NETWORKS_FOR: "everyone",
  FETCH_CONCURRENCY: values.concurrency,
  FETCH_PER_HOST: "4",
  LOG_LEVEL: "warn",
  DATA_DIR: "/nonexistent",
});
const root = createRoot({ config, logger: createLogger({ level: "warn" }), database, authSecret: randomBytes(32).toString("hex") });
const { feeds, subscriptions, users } = schema;

// Subscribe one reader to every feed (in bulk: the subscribe API comes with the reader API).
const userId = root.ids.next();
await root.db.insert(users).values({ id: userId, name: "Bench", email: "bench@example.com", role: "user" });
const feedRows = Array.from({ length: FEEDS }, (_, i) => ({ id: root.ids.next(), url: `http://127.0.0.${1 + (i % HOSTS)}:${port}/feeds/${i}.xml` }));
for (let i = 0; i < feedRows.length; i += 500) {
  const chunk = feedRows.slice(i, i + 500);
  await root.db.insert(feeds).values(chunk);
  await root.db.insert(subscriptions).values(chunk.map((feed) => ({ id: root.ids.next(), userId, type: "feed" as const, feedId: feed.id, view: 0 })));
}

async function countEntries(): Promise<number> {
  const result = await root.db.execute(sql`SELECT count(*)::int AS n FROM entries`);
  return Number((result as unknown as { rows: { n: number }[] }).rows[0]!.n);
}

async function countUpdated(): Promise<number> {
  const result = await root.db.execute(sql`SELECT count(*)::int AS n FROM entries WHERE updated_at > inserted_at`);
  return Number((result as unknown as { rows: { n: number }[] }).rows[0]!.n);
}

async function round(label: string) {
  const updatedBefore = await countUpdated();
  const before = await stats();
  const entriesBefore = await countEntries();
  await root.feedsRepo.markDue(new Date());
  const started = performance.now();
  const outcome = await root.scheduler.drain();
  const seconds = (performance.now() - started) / 1000;
  const after = await stats();
  const entries = (await countEntries()) - entriesBefore;
  const requests = after.requests - before.requests;
  return {
    round: label,
    seconds: Number(seconds.toFixed(2)),
    "feeds/s": Math.round(FEEDS / seconds),
    "new entries": entries,
    "changed entries": (await countUpdated()) - updatedBefore,
    "entries/s": Math.round(entries / seconds),
    requests,
    "304 share": `${(((after.notModified - before.notModified) / Math.max(1, requests)) * 100).toFixed(1)}%`,
    "MB received": Number(((after.bytes - before.bytes) / 1024 / 1024).toFixed(1)),
    failed: outcome.failed,
  };
}

const rows = [await round("first refresh")];
rows.push(await round("unchanged"));
await fetch(`http://127.0.0.1:${port}/__add?items=2`, { method: "POST" });
rows.push(await round("after new items"));

clearInterval(sampler);
console.log(`Node ${process.version}; ${FEEDS} feeds on ${HOSTS} hosts, ${values.latency} ms latency; ${bench.label}; concurrency ${values.concurrency}, 4 per host`);
console.table(rows);
console.log(`peak RSS ${Math.round(peakRss / 1024 / 1024)} MB (this process: scheduler, parser and database client; PostgreSQL runs in processes of its own)`);

host.kill();
await root.feedReaders.close();
root.network.close();
await database.close();
await bench.drop();
