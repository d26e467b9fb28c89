// `npm run bench:power-tip [-- --spenders 50] [--tips 40] [--think 250]`: tips through the real API
// of a server running in its own process on PostgreSQL, under concurrent spenders. `spenders`
// readers each send `tips` tips one after another, pausing `think` ms on average between two (a
// person tipping), all readers at once, then again without pausing (saturation), to entries of 20 feeds (half claimed by 10 owners, so their wallets are
// credited concurrently; half unclaimed, so the tips wait in the feeds' accounts). Reports the
// latency of each tip request (p50/p99), the throughput, and checks the books afterwards
// (balances are the sums of their postings, nothing negative, spent = received).
// Target: tip p99 ≤ 30 ms on PostgreSQL under 50 concurrent spenders.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { POWER_UNIT } from "@tidings/contracts";
import { createLogger, createRoot, loadConfig, migrate, openDatabase, schema } from "@tidings/server";
import { freePort } from "@tidings/server/testing";
import { benchDatabase, benchDatabaseKind } from "./bench/bench-database.ts";
import { waitForServer } from "./bench/wait-for-server.ts";
import { serverMain } from "./server-process.ts";

const { values } = parseArgs({ options: { db: { type: "string", default: "postgres" }, spenders: { type: "string", default: "50" }, tips: { type: "string", default: "40" }, think: { type: "string", default: "250" } } });
const SPENDERS = Number(values.spenders);
const TIPS = Number(values.tips);
const THINK = Number(values.think);
const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;

const bench = await benchDatabase(benchDatabaseKind(values.db, "postgres"), { prefix: "tidings_powerbench", maxConnections: 5 });
if (bench.source.kind !== "postgres") throw new Error("bench:power-tip runs the server as its own process on PostgreSQL: --db postgres");
const database = await openDatabase(bench.source);
await migrate(database.db);
const dataDir = await mkdtemp(path.join(tmpdir(), "tidings-powerbench-"));
// The bench's own composition root, on the server's database and secret: its ledger grants and
// checks the books as the server's does.
const authSecret = randomBytes(32).toString("hex");
const root = createRoot({ config: loadConfig({ DATABASE_URL: bench.source.url, DATA_DIR: dataDir, LOG_LEVEL: "silent" }), logger: createLogger({ level: "silent" }), database, authSecret });
const { db, ids } = root;
const { entries, feeds, users } = schema;

// Owners of the claimed feeds, and the feeds with one entry each.
const now = new Date();
const owners = Array.from({ length: 10 }, (_, i) => ({ id: `owner-${i}`, name: `Owner ${i}`, email: `owner${i}@bench.example`, role: "user" as const }));
const entryIds: string[] = [];
const admin = { id: "bench-admin", name: "Admin", email: "admin@bench.example", role: "user" as const, isAdmin: true };
await db.insert(users).values([admin, ...owners]);
for (let i = 0; i < 20; i++) {
  const feedId = ids.next();
  await db.insert(feeds).values({ id: feedId, url: `https://bench.example/${i}.xml`, title: `Feed ${i}`, ownerUserId: i < 10 ? owners[i]!.id : null });
  const entryId = ids.next();
  await db.insert(entries).values({ id: entryId, feedId, guid: `e${i}`, title: `Entry ${i}`, publishedAt: now, insertedAt: now, updatedAt: now });
  entryIds.push(entryId);
}

// The server, as `npm start` runs it, in its own process on that database.
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const server = spawn(process.execPath, ["--max-semi-space-size=16", serverMain()], {
  env: { ...process.env, PORT: String(port), DATABASE_URL: bench.source.url, DATA_DIR: dataDir, AUTH_SECRET: authSecret, SCHEDULER: "false", LOG_LEVEL: "warn", WEB_URL: base },
  stdio: ["ignore", "inherit", "inherit"],
});
await waitForServer(base);

// Spenders: real accounts with sessions, each granted 1000 POWER.
const cookies: string[] = [];
for (let i = 0; i < SPENDERS; i++) {
  const response = await fetch(`${base}/api/better-auth/sign-up/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: base },
    body: JSON.stringify({ email: `spender${i}@bench.example`, password: "correct horse battery", name: `Spender ${i}` }),
  });
  if (!response.ok) throw new Error(`sign-up ${i}: ${response.status}`);
  const { user } = (await response.json()) as { user: { id: string } };
  cookies.push(response.headers.getSetCookie().map((cookie) => cookie.split(";")[0]).join("; "));
  await root.power.ledger.move({ type: "mint", amount: 1000n * POWER_UNIT, from: { kind: "treasury" }, to: { kind: "user", userId: user.id }, toUserId: user.id }, now);
}

async function tip(cookie: string, entryId: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${base}/api/wallets/transactions/tip`, {
    method: "POST",
    headers: { cookie, origin: base, "content-type": "application/json" },
    body: JSON.stringify({ entryId, amount: "1.5" }),
  });
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`tip: ${response.status}`);
  return performance.now() - started;
}

// Warm-up: a tip per spender, not counted.
await Promise.all(cookies.map(async (cookie, i) => tip(cookie, entryIds[i % entryIds.length]!)));
async function run(thinkMs: number) {
  const latencies: number[] = [];
  const started = performance.now();
  await Promise.all(
    cookies.map(async (cookie, i) => {
      for (let n = 0; n < TIPS; n++) {
        if (thinkMs > 0) await new Promise((resolve) => setTimeout(resolve, Math.random() * 2 * thinkMs));
        latencies.push(await tip(cookie, entryIds[(i * 7 + n) % entryIds.length]!));
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const sorted = latencies.sort((a, b) => a - b);
  return `p50 ${quantile(sorted, 0.5).toFixed(1)} ms, p99 ${quantile(sorted, 0.99).toFixed(1)} ms, max ${sorted.at(-1)!.toFixed(1)} ms (${sorted.length} tips, ${(sorted.length / seconds).toFixed(0)} tips/s)`;
}
console.log(`power tip bench (PostgreSQL, the server in its own process): ${SPENDERS} spenders at once × ${TIPS} tips each to 20 feeds (10 claimed)`);
console.log(`  each spender pausing ${THINK} ms on average between tips: ${await run(THINK)}`);
console.log(`  no pause (saturation, closed loop):                ${await run(0)}`);
const books = await root.power.ledger.verify();
console.log(`books: ${books.accounts} accounts, ${books.transactions} transactions; mismatched ${books.mismatchedAccounts.length}, unbalanced ${books.unbalancedTransactions.length}, negative ${books.negativeAccounts.length}`);
server.kill("SIGTERM");
await new Promise((resolve) => server.once("exit", resolve));
root.network.close();
await database.close();
await bench.drop();
await rm(dataDir, { recursive: true, force: true });
if (books.mismatchedAccounts.length + books.unbalancedTransactions.length + books.negativeAccounts.length > 0) process.exit(1);
