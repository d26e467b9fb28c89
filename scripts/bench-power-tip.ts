// `npm run bench:power-tip [-- --db postgres|pglite] [--spenders 50] [--tips 40]`: tips through the
// real API under concurrent spenders. `spenders` readers each send `tips` tips one after another,
// all readers at once, to entries of 20 feeds (half claimed by 10 owners, so their wallets are
// credited concurrently; half unclaimed, so the tips wait in the feeds' accounts). Reports the
// latency of each tip request (p50/p99), the throughput, and checks the books afterwards
// (balances are the sums of their postings, nothing negative, spent = received).
// Target: tip p99 ≤ 30 ms on PostgreSQL under 50 concurrent spenders.
import { randomBytes } from "node:crypto";
import type { AddressInfo } from "node:net";
import { parseArgs } from "node:util";
import { serve } from "@hono/node-server";
import { POWER_UNIT } from "@tidings/contracts";
import { createApp } from "../apps/server/src/app.ts";
import { openDatabase } from "../apps/server/src/db/client.ts";
import { migrate } from "../apps/server/src/db/migrate.ts";
import { entries, feeds, users } from "../apps/server/src/db/schema/index.ts";
import { createDeps } from "../apps/server/src/deps.ts";
import { loadConfig } from "../apps/server/src/env.ts";
import { createLogger } from "../apps/server/src/lib/logger.ts";
import { benchDatabase } from "./bench/bench-database.ts";

const { values } = parseArgs({ options: { db: { type: "string", default: "postgres" }, spenders: { type: "string", default: "50" }, tips: { type: "string", default: "40" } } });
const SPENDERS = Number(values.spenders);
const TIPS = Number(values.tips);
const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;

const bench = await benchDatabase(values.db === "pglite" ? "pglite" : "postgres", { prefix: "tidings_powerbench", maxConnections: 20 });
const database = await openDatabase(bench.source);
await migrate(database.db);
const config = loadConfig({ LOG_LEVEL: "silent", DATA_DIR: "/nonexistent", SCHEDULER: "false" });
const deps = createDeps({ config, logger: createLogger({ level: "silent" }), database, authSecret: randomBytes(32).toString("hex") });
const { db, ids } = deps;
const server = serve({ fetch: createApp(deps).fetch, port: 0, hostname: "127.0.0.1" });
await new Promise((resolve) => server.once("listening", resolve));
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
const origin = config.server.webUrl;

// Owners of the claimed feeds, and the feeds with one entry each.
const now = new Date();
const owners = Array.from({ length: 10 }, (_, i) => ({ id: `owner-${i}`, name: `Owner ${i}`, email: `owner${i}@bench.example`, role: "user" as const }));
await db.insert(users).values(owners);
const entryIds: string[] = [];
for (let i = 0; i < 20; i++) {
  const feedId = ids.next();
  await db.insert(feeds).values({ id: feedId, url: `https://bench.example/${i}.xml`, title: `Feed ${i}`, ownerUserId: i < 10 ? owners[i]!.id : null });
  const entryId = ids.next();
  await db.insert(entries).values({ id: entryId, feedId, guid: `e${i}`, title: `Entry ${i}`, publishedAt: now, insertedAt: now, updatedAt: now });
  entryIds.push(entryId);
}

// Spenders: real accounts with sessions, each granted 1000 POWER.
const cookies: string[] = [];
for (let i = 0; i < SPENDERS; i++) {
  const response = await fetch(`${base}/api/better-auth/sign-up/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin },
    body: JSON.stringify({ email: `spender${i}@bench.example`, password: "correct horse battery", name: `Spender ${i}` }),
  });
  if (!response.ok) throw new Error(`sign-up ${i}: ${response.status}`);
  const { user } = (await response.json()) as { user: { id: string } };
  cookies.push(response.headers.getSetCookie().map((cookie) => cookie.split(";")[0]).join("; "));
  await deps.power.ledger.move({ type: "mint", amount: 1000n * POWER_UNIT, from: { kind: "treasury" }, to: { kind: "user", userId: user.id }, toUserId: user.id }, now);
}

async function tip(cookie: string, entryId: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${base}/api/wallets/transactions/tip`, {
    method: "POST",
    headers: { cookie, origin, "content-type": "application/json" },
    body: JSON.stringify({ entryId, amount: "1.5" }),
  });
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`tip: ${response.status}`);
  return performance.now() - started;
}

// Warm-up: a few tips per spender, not counted.
await Promise.all(cookies.map(async (cookie, i) => tip(cookie, entryIds[i % entryIds.length]!)));
const latencies: number[] = [];
const started = performance.now();
await Promise.all(
  cookies.map(async (cookie, i) => {
    for (let n = 0; n < TIPS; n++) latencies.push(await tip(cookie, entryIds[(i * 7 + n) % entryIds.length]!));
  }),
);
const seconds = (performance.now() - started) / 1000;
const sorted = latencies.sort((a, b) => a - b);
const books = await deps.power.ledger.verify();
console.log(`power tip bench (${values.db}): ${SPENDERS} spenders at once × ${TIPS} tips each to 20 feeds (10 claimed)`);
console.log(`tip latency: p50 ${quantile(sorted, 0.5).toFixed(1)} ms, p99 ${quantile(sorted, 0.99).toFixed(1)} ms, max ${sorted.at(-1)!.toFixed(1)} ms (${sorted.length} tips, ${(sorted.length / seconds).toFixed(0)} tips/s)`);
console.log(`books: ${books.accounts} accounts, ${books.transactions} transactions; mismatched ${books.mismatchedAccounts.length}, unbalanced ${books.unbalancedTransactions.length}, negative ${books.negativeAccounts.length}`);
server.close();
await database.close();
await bench.drop();
if (books.mismatchedAccounts.length + books.unbalancedTransactions.length + books.negativeAccounts.length > 0) process.exit(1);
