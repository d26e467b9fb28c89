// `npm run bench:greader [-- --db postgres|embedded] [--entries N] [--calls N] [--keep]`: one
// reader with 1000 subscriptions and 1 000 000 entries (on a PostgreSQL server by URL, or the
// embedded database: bench/bench-database.ts), synced as a reader app syncs over the Google
// Reader API: p50/p99 of each call through the whole app (token check, parameters, queries, JSON)
// in process. Targets (issue 26, PostgreSQL): item ids of 10 000 p99 ≤ 50 ms, contents of 250
// items p99 ≤ 80 ms, unread-count p99 ≤ 20 ms.
import { createHash } from "node:crypto";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { benchDatabaseKind } from "./bench/bench-database.ts";
import { BENCH_ORIGIN, latencyTable, seededReaderServer } from "./bench/seeded-reader-server.ts";

const { values } = parseArgs({ options: { db: { type: "string", default: "postgres" }, entries: { type: "string" }, calls: { type: "string", default: "300" }, keep: { type: "boolean", default: false } } });
const ENTRIES = Number(values.entries ?? 1_000_000);
const CALLS = Number(values.calls);

const server = await seededReaderServer({ db: benchDatabaseKind(values.db, "postgres"), prefix: "tidings_greaderbench", entries: ENTRIES });
const { root, app, databaseLabel, email, cookie, seeded } = server;
const origin = { origin: BENCH_ORIGIN };
// What autovacuum does to a live database soon after a bulk load: visibility maps set, so that
// reads by index need not visit the table (autovacuum would come later; VACUUM now).
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

const { rows, measure: timed } = latencyTable<{ target: string }>();
const measure = (name: string, n: number, target: string, run: (i: number) => Promise<unknown>) => timed(name, n, run, { target });

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

// Fever (issue 40): a JavaScript app pages items down by max_id (here from random places in the
// reader's million), and up by since_id, 50 a call.
const feverKey = createHash("md5").update(`${email}:${password}`).digest("hex");
async function fever(query: string) {
  const response = await app.request(`/api/fever.php?api&${query}`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams({ api_key: feverKey }).toString() });
  const body = (await response.json()) as { items?: { id: number }[]; auth?: number };
  if (response.status !== 200 || body.auth !== 1 || !body.items?.length) throw new Error(`fever ${query}: ${response.status}`);
  return body;
}
const newest = (await fever(`items&max_id=${Number.MAX_SAFE_INTEGER}`)).items![0]!.id;
await measure("Fever items: 50 by max_id", CALLS, "p99 ≤ 50", (i) => fever(`items&max_id=${1 + Math.floor(((i * 7919) % CALLS) / CALLS * (newest - 100)) + 100}`));
await measure("Fever items: 50 by since_id", CALLS, "", (i) => fever(`items&since_id=${Math.floor(((i * 7919) % CALLS) / CALLS * (newest - 100))}`));

// Google Reader's Atom output of 50 items, and the Miniflux API over the same password.
await measure("Atom output: 50 items of the reading list", CALLS, "p99 ≤ 60", async () => {
  const response = await app.request(`/api/greader/reader/atom/${READING_LIST}?n=50`, { headers: { authorization: `GoogleLogin auth=${auth}` } });
  if (response.status !== 200) throw new Error(`atom: ${response.status}`);
  return response.text();
});
async function miniflux(path: string) {
  const response = await app.request(`/v1${path}`, { headers: { "x-auth-token": password } });
  if (response.status !== 200) throw new Error(`miniflux ${path}: ${response.status} ${(await response.text()).slice(0, 200)}`);
  return (await response.json()) as unknown;
}
const minifluxFeeds = (await miniflux("/feeds")) as { id: number }[];
await measure("Miniflux entries: 100 unread", CALLS, "p99 ≤ 50", () => miniflux("/entries?status=unread&limit=100&order=published_at&direction=desc"));
await measure("Miniflux a feed's entries: 100", CALLS, "p99 ≤ 50", (i) => miniflux(`/feeds/${minifluxFeeds[i % minifluxFeeds.length]!.id}/entries?limit=100&order=published_at&direction=desc`));

console.log(`Node ${process.version}; ${databaseLabel}; 1 reader, 1000 subscriptions, ${ENTRIES} entries (${seeded.unread} unread, ${seeded.starred} starred)`);
console.table(rows);

// `--keep` leaves the seeded database for EXPLAIN (its name is printed).
await server.stop({ keep: values.keep });
