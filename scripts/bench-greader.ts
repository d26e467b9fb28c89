// `npm run bench:greader [-- --db postgres|pglite] [--entries N] [--calls N] [--keep]`: one reader with
// 1000 subscriptions and 1 000 000 entries (PostgreSQL; 100 000 on PGlite), synced as a reader app
// syncs over the Google Reader API: p50/p99 of each call through the whole app (token check,
// parameters, queries, JSON) in process. Targets (issue 26, PostgreSQL): item ids of 10 000
// p99 ≤ 50 ms, contents of 250 items p99 ≤ 80 ms, unread-count p99 ≤ 20 ms.
import { randomBytes } from "node:crypto";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { createLogger, createServer, loadConfig, migrate, openDatabase } from "@tidings/server";
import { benchDatabase } from "./bench/bench-database.ts";
import { seedReader } from "./bench/seed-reader.ts";

const { values } = parseArgs({ options: { db: { type: "string", default: "postgres" }, entries: { type: "string" }, calls: { type: "string", default: "300" }, keep: { type: "boolean", default: false } } });
const POSTGRES = values.db === "postgres";
const ENTRIES = Number(values.entries ?? (POSTGRES ? 1_000_000 : 100_000));
const CALLS = Number(values.calls);

const bench = await benchDatabase(POSTGRES ? "postgres" : "pglite", { prefix: "tidings_greaderbench", maxConnections: 10 });
const database = await openDatabase(bench.source);
await migrate(database.db);
const config = loadConfig({ LOG_LEVEL: "silent", DATA_DIR: "/nonexistent", SCHEDULER: "false" });
const { root, app, close } = createServer({ config, logger: createLogger({ level: "silent" }), database, authSecret: randomBytes(32).toString("hex") });

const origin = { origin: "http://localhost:3000" };
const email = "bench@example.com";
const signUp = await app.request("/api/better-auth/sign-up/email", {
  method: "POST",
  headers: { "content-type": "application/json", ...origin },
  body: JSON.stringify({ email, password: "correct horse battery", name: "Bench" }),
});
const cookie = signUp.headers.getSetCookie().map((line) => line.split(";")[0]).join("; ");
const userId = ((await signUp.json()) as { user: { id: string } }).user.id;

const seedStarted = performance.now();
const seeded = await seedReader(root.db, { userId, feeds: 1000, entries: ENTRIES, firstId: BigInt(root.ids.next()) });
console.log(`seeded ${ENTRIES} entries in ${((performance.now() - seedStarted) / 1000).toFixed(0)} s`);
// What autovacuum does to a live database soon after a bulk load: visibility maps set, so that
// reads by index need not visit the table (PGlite has no autovacuum; VACUUM there too).
await root.db.execute(sql`VACUUM ANALYZE`);

// The app's password, made as a reader makes it in Settings → Apps, then the app's sign-in.
const made = await app.request("/api/app-passwords", { method: "POST", headers: { cookie, ...origin, "content-type": "application/json" }, body: JSON.stringify({ name: "Bench app" }) });
const password = ((await made.json()) as { data: { password: string } }).data.password;
const login = await app.request("/api/greader/accounts/ClientLogin", { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams({ Email: email, Passwd: password }).toString() });
const auth = /Auth=(\S+)/.exec(await login.text())![1]!;

async function call(path: string, form?: URLSearchParams) {
  const response = await app.request(`/api/greader/reader/api/0/${path}`, {
    method: form ? "POST" : "GET",
    headers: { authorization: `GoogleLogin auth=${auth}`, ...(form ? { "content-type": "application/x-www-form-urlencoded" } : {}) },
    ...(form ? { body: form.toString() } : {}),
  });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`${path}: ${response.status} ${text.slice(0, 200)}`);
  return text;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const rows: Record<string, { calls: number; "p50 ms": number; "p99 ms": number; target: string }> = {};
async function measure(name: string, n: number, target: string, run: (i: number) => Promise<unknown>) {
  for (let i = 0; i < 5; i++) await run(i); // warm-up
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const started = performance.now();
    await run(i + 5);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  rows[name] = { calls: n, "p50 ms": Number(percentile(times, 50).toFixed(1)), "p99 ms": Number(percentile(times, 99).toFixed(1)), target };
}

const READING_LIST = encodeURIComponent("user/-/state/com.google/reading-list");
const READ = encodeURIComponent("user/-/state/com.google/read");
// The pages an app walks: the first 10 000 unread ids, then on by continuation (as a first sync does).
const unreadPages: string[] = [""];
for (let page = 0; page < 8; page++) {
  const body = JSON.parse(await call(`stream/items/ids?output=json&s=${READING_LIST}&xt=${READ}&n=10000${unreadPages.at(-1) ? `&c=${unreadPages.at(-1)}` : ""}`)) as { continuation?: string };
  if (!body.continuation) break;
  unreadPages.push(body.continuation);
}
const unreadIds = (JSON.parse(await call(`stream/items/ids?output=json&s=${READING_LIST}&xt=${READ}&n=10000`)) as { itemRefs: { id: string }[] }).itemRefs.map((ref) => ref.id);

await measure("stream/items/ids: 10 000 unread (xt=read), by continuation", CALLS, "p99 ≤ 50", (i) =>
  call(`stream/items/ids?output=json&s=${READING_LIST}&xt=${READ}&n=10000${unreadPages[i % unreadPages.length] ? `&c=${unreadPages[i % unreadPages.length]}` : ""}`),
);
await measure("stream/items/ids: 10 000 of the reading list", CALLS, "p99 ≤ 50", () => call(`stream/items/ids?output=json&s=${READING_LIST}&n=10000`));
await measure("stream/items/ids: 1000 starred", CALLS, "", () => call(`stream/items/ids?output=json&s=${encodeURIComponent("user/-/state/com.google/starred")}&n=1000`));
await measure("stream/items/contents: 250 items by POST", CALLS, "p99 ≤ 80", (i) => {
  const form = new URLSearchParams({ output: "json" });
  const start = (i * 250) % (unreadIds.length - 250);
  for (const id of unreadIds.slice(start, start + 250)) form.append("i", id);
  return call("stream/items/contents", form);
});
await measure("unread-count", CALLS, "p99 ≤ 20", () => call("unread-count?output=json"));
await measure("subscription/list", CALLS, "", () => call("subscription/list?output=json"));
await measure("stream/contents of one feed, 50 items", CALLS, "", (i) => call(`stream/contents/feed/${seeded.feedIds[i % seeded.feedIds.length]}?output=json&n=50`));
await measure("edit-tag: 50 items read", CALLS, "", (i) => {
  const form = new URLSearchParams({ a: "user/-/state/com.google/read" });
  const start = (i * 50) % (unreadIds.length - 50);
  for (const id of unreadIds.slice(start, start + 50)) form.append("i", id);
  return call("edit-tag", form);
});

console.log(`Node ${process.version}; ${database.driver}; 1 reader, 1000 subscriptions, ${ENTRIES} entries (${seeded.unread} unread, ${seeded.starred} starred)`);
console.table(rows);

await close();
await database.close();
// `--keep` leaves the seeded database for EXPLAIN (its name is in bench.source).
if (values.keep) console.log("kept", bench.source);
else await bench.drop();
