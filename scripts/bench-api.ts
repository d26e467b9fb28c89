// `npm run bench:api [-- --db postgres|embedded] [--entries N] [--calls N]`: seeds one reader with
// 1000 subscriptions and 1 000 000 entries (on a PostgreSQL server by URL, or the embedded
// database: bench/bench-database.ts), then measures p50/p99 of the reader API through the whole
// app (session, validation, queries, JSON) in process.
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { benchDatabaseKind } from "./bench/bench-database.ts";
import { BENCH_ORIGIN, latencyTable, seededReaderServer } from "./bench/seeded-reader-server.ts";

const { values } = parseArgs({ options: { db: { type: "string", default: "postgres" }, entries: { type: "string" }, calls: { type: "string", default: "500" } } });
const ENTRIES = Number(values.entries ?? 1_000_000);
const CALLS = Number(values.calls);

const server = await seededReaderServer({ db: benchDatabaseKind(values.db, "postgres"), prefix: "tidings_apibench", entries: ENTRIES });
const { root, app, cookie, userId, seeded } = server;
const origin = { origin: BENCH_ORIGIN };

async function call(method: string, path: string, json?: unknown) {
  const response = await app.request(`/api${path}`, {
    method,
    headers: { cookie, ...origin, ...(json !== undefined ? { "content-type": "application/json" } : {}) },
    ...(json !== undefined ? { body: JSON.stringify(json) } : {}),
  });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`${method} ${path}: ${response.status} ${text.slice(0, 200)}`);
  return text;
}

const { rows, measure } = latencyTable();

const cursors: string[] = [];
await measure("timeline: all feeds of a view", CALLS, async (i) => {
  const page = JSON.parse(await call("POST", "/entries", { view: 0, limit: 20, ...(i % 10 && cursors.length ? { publishedAfter: cursors.at(-1) } : {}) })) as { data: { entries: { publishedAt: string } }[] };
  const last = page.data.at(-1);
  if (i % 10 === 0) cursors.length = 0;
  if (last) cursors.push(last.entries.publishedAt);
});
await measure("timeline: one feed", CALLS, (i) => call("POST", "/entries", { feedId: seeded.feedIds[i % seeded.feedIds.length], limit: 20 }));
await measure("timeline: unread only", CALLS, () => call("POST", "/entries", { view: 0, read: false, limit: 20 }));
await measure("timeline: starred", CALLS, () => call("POST", "/entries", { isCollection: true, limit: 20 }));
await measure("GET /reads (unread counts)", CALLS, () => call("GET", "/reads"));
await measure("mark read, 50 entries", CALLS, (i) => call("POST", "/reads", { entryIds: seeded.unreadSample.slice((i * 50) % (seeded.unreadSample.length - 50), ((i * 50) % (seeded.unreadSample.length - 50)) + 50) }));
const words = seeded.searchWords;
try {
  await call("GET", `/search?q=${encodeURIComponent(words[0]!)}`);
  await measure("search", CALLS, (i) => call("GET", `/search?q=${encodeURIComponent(words[i % words.length]!)}`));
} catch (error) {
  console.log(`search not measured: ${(error as Error).message}`);
}

// Mark all read over 100 000 unread entries of one view, three times (marked unread again between).
const markAll: number[] = [];
for (let run = 0; run < 3; run++) {
  await root.db.execute(sql`
    INSERT INTO unread_entries (user_id, entry_id, source_id, source_type, view, published_at)
    SELECT user_id, entry_id, source_id, source_type, view, published_at FROM timeline
    WHERE user_id = ${userId} AND view = ${seeded.markAllView} AND entry_id % 7 = 0 ON CONFLICT DO NOTHING`);
  await root.timeline.recount(userId);
  const unread = Number(((await root.db.execute(sql`SELECT count(*)::int AS n FROM unread_entries WHERE user_id = ${userId} AND view = ${seeded.markAllView}`)) as unknown as { rows: { n: number }[] }).rows[0]!.n);
  const started = performance.now();
  const body = JSON.parse(await call("POST", "/reads/all", { view: seeded.markAllView })) as { data: { marked: number } };
  markAll.push(performance.now() - started);
  if (run === 0) console.log(`mark-all-read: ${body.data.marked} of ${unread} unread entries`);
}

console.log(`Node ${process.version}; ${server.databaseLabel}; 1 reader, 1000 subscriptions, ${ENTRIES} entries (${seeded.unread} unread, ${seeded.starred} starred)`);
console.table(rows);
console.log(`mark all read (${seeded.markAllUnread} unread): ${markAll.map((ms) => Math.round(ms)).join(", ")} ms`);

await server.stop();
