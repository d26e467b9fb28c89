// `npm run bench:power-daily [-- --db embedded|postgres] [--users N]`: the daily POWER reward
// computation (the composition root's `power.daily.compute`) over N readers
// (default 100 000): a fifth hold POWER (minted through consistent treasury postings), a third
// read entries over the two days before, a tenth followed feeds, and some tipped through the
// ledger. Times the first day (every power_levels row new) and the next (every row updated),
// then checks the shares against the supply and the books with the ledger's verify().
// Target: ≤ 30 s per day's computation.
import { randomBytes } from "node:crypto";
import { parseArgs } from "node:util";
import { formatPower, POWER_UNIT } from "@tidings/contracts";
import { createLogger, createRoot, loadConfig, migrate, openDatabase, rowsOf } from "@tidings/server";
import { sql } from "drizzle-orm";
import { benchDatabase, benchDatabaseKind } from "./bench/bench-database.ts";

const { values } = parseArgs({ options: { db: { type: "string", default: "embedded" }, users: { type: "string", default: "100000" } } });
const USERS = Number(values.users);
const SUPPLY = 10_000;
const TIPS = 1_000;
const TARGET_S = 30;
const DAY1 = "2025-06-10";
const DAY2 = "2025-06-11";
/** Activity is spread over the 48 h before DAY2: DAY1's window and DAY2's. */
const ACTIVITY_FROM = "2025-06-09T00:00:00Z";

const bench = await benchDatabase(benchDatabaseKind(values.db, "embedded"), { prefix: "tidings_powerbench", maxConnections: 4 });
const database = await openDatabase(bench.source);
const { db } = database;
await migrate(db);
const seconds = (ms: number) => (ms / 1000).toFixed(2);
const config = loadConfig({ LOG_LEVEL: "silent", DATA_DIR: "/nonexistent", SCHEDULER: "false", POWER_DAILY_SUPPLY: String(SUPPLY) });
const authSecret = randomBytes(32).toString("hex");
/** The composition root (its POWER: ledger, daily rewards), with the clock held at `iso` when given. */
const rootAt = (iso?: string) => createRoot({ config, logger: createLogger({ level: "silent" }), database, authSecret, ...(iso ? { clock: { now: () => new Date(iso) } } : {}) });
const roots = [rootAt()];

// ---- Seed, set-based ----
let started = performance.now();
const created = "2025-01-01T00:00:00Z";
await db.execute(sql`
  INSERT INTO users (id, name, email, email_verified, role, created_at, updated_at)
  SELECT (7000000000000000000 + g)::text, 'reader ' || g, 'reader' || g || '@bench.example', true,
    (CASE WHEN g % 4 = 0 THEN 'trial' ELSE 'user' END)::user_role, ${created}::timestamptz, ${created}::timestamptz
  FROM generate_series(1, ${USERS}::int) g`);
await db.execute(sql`INSERT INTO feeds (id, url) SELECT 4000000000000000000 + f, 'https://bench.example/' || f || '.xml' FROM generate_series(1, 40) f`);
await db.execute(sql`
  INSERT INTO entries (id, feed_id, guid, published_at)
  SELECT 5000000000000000000 + e, 4000000000000000001, 'e' || e, ${created}::timestamptz FROM generate_series(1, 2000) e`);
// A fifth hold 1 to 1000 POWER, each from one mint whose treasury posting matches.
await db.execute(sql`INSERT INTO power_accounts (id, kind) VALUES ('treasury', 'treasury')`);
const holders = sql`SELECT g, (7000000000000000000 + g)::text AS user_id, ((g % 1000) + 1)::numeric * ${POWER_UNIT.toString()}::numeric AS amount FROM generate_series(1, ${USERS}::int) g WHERE g % 5 = 0`;
await db.execute(sql`
  INSERT INTO power_transactions (id, hash, type, to_user_id, amount, comment, created_at)
  SELECT g, '0x' || md5('bench' || g) || md5('mint' || g), 'mint', user_id, amount, 'Bench grant', ${created}::timestamptz FROM (${holders}) h`);
await db.execute(sql`INSERT INTO power_accounts (id, kind, user_id, balance) SELECT 'cashable:' || user_id, 'cashable', user_id, amount FROM (${holders}) h`);
await db.execute(sql`
  INSERT INTO power_postings (transaction_id, account_id, amount)
  SELECT g, 'cashable:' || user_id, amount FROM (${holders}) h
  UNION ALL SELECT g, 'treasury', -amount FROM (${holders}) h`);
// A third read 1 to 40 entries over the two days; a tenth followed 1 to 5 feeds then, half long before.
await db.execute(sql`
  INSERT INTO read_marks (user_id, entry_id, read_at)
  SELECT (7000000000000000000 + g)::text, 5000000000000000000 + ((g * 7 + e) % 2000) + 1,
    ${ACTIVITY_FROM}::timestamptz + ((g * 31 + e * 977) % 172800) * interval '1 second'
  FROM generate_series(1, ${USERS}::int) g CROSS JOIN LATERAL generate_series(1, (g % 40) + 1) e WHERE g % 3 = 0`);
await db.execute(sql`
  INSERT INTO subscriptions (id, user_id, type, feed_id, created_at)
  SELECT 6000000000000000000 + g * 100 + f, (7000000000000000000 + g)::text, 'feed', 4000000000000000000 + f,
    CASE WHEN g % 10 = 1 THEN ${ACTIVITY_FROM}::timestamptz + ((g * 13 + f * 3607) % 172800) * interval '1 second' ELSE ${created}::timestamptz END
  FROM generate_series(1, ${USERS}::int) g CROSS JOIN LATERAL generate_series(1, (g % 5) + 1) f WHERE g % 10 = 1 OR g % 2 = 0`);
await db.execute(sql`ANALYZE`);
const { ledger } = roots[0]!.power;
for (let i = 0; i < TIPS; i++) {
  const from = String(7000000000000000000n + BigInt(5 * (i + 1)));
  const to = String(7000000000000000000n + BigInt(7 * (i + 1)));
  const at = new Date(new Date(ACTIVITY_FROM).getTime() + ((i * 172_800_000) / TIPS));
  await ledger.move({ type: "tip", amount: POWER_UNIT, from: { kind: "user", userId: from }, to: { kind: "user", userId: to }, fromUserId: from, toUserId: to }, at);
}
const [counts] = rowsOf<{ reads: number; subscriptions: number; holders: number }>(
  await db.execute(sql`SELECT (SELECT count(*)::int FROM read_marks) AS reads, (SELECT count(*)::int FROM subscriptions) AS subscriptions,
    (SELECT count(*)::int FROM power_accounts WHERE kind <> 'treasury') AS holders`),
);
console.log(`power daily bench (${bench.label}): ${USERS} users, ${counts!.holders} accounts holding POWER, ${counts!.reads} read marks, ${counts!.subscriptions} subscriptions, ${TIPS} tips; seeded in ${seconds(performance.now() - started)} s`);

// ---- The computation, two days ----
const rewardsOn = (iso: string) => {
  const root = rootAt(iso);
  roots.push(root);
  return root.power.daily;
};
const results: number[] = [];
for (const [day, label] of [
  [DAY1, "first day (all rows new)"],
  [DAY2, "next day (all rows updated)"],
] as const) {
  const rewards = rewardsOn(`${day}T00:05:00Z`);
  started = performance.now();
  const result = await rewards.compute();
  const ms = performance.now() - started;
  if (!result) throw new Error(`The computation of ${day} did not run`);
  results.push(ms);
  const [shares] = rowsOf<{ sharers: number; total: string; top: string }>(
    await db.execute(sql`SELECT count(*) FILTER (WHERE daily_amount > 0)::int AS sharers, sum(daily_amount)::text AS total, max(daily_amount)::text AS top FROM power_levels WHERE day = ${day}::date`),
  );
  const total = BigInt(shares!.total);
  const supply = BigInt(SUPPLY) * POWER_UNIT;
  if (total > supply || supply - total >= BigInt(shares!.sharers)) throw new Error(`Shares of ${day} add up to ${total}, not the supply ${supply} less rounding`);
  console.log(`  ${label.padEnd(28)} ${result.users} users in ${seconds(ms)} s — ${shares!.sharers} sharing ${formatPower(total)} POWER, most ${formatPower(shares!.top)}`);
  // Some claims, as readers would make that day.
  const sharers = rowsOf<{ user_id: string }>(await db.execute(sql`SELECT user_id FROM power_levels WHERE daily_amount > 0 ORDER BY user_id LIMIT 100`));
  started = performance.now();
  for (const { user_id } of sharers) await rewards.claim(user_id);
  console.log(`  ${"".padEnd(28)} ${sharers.length} claims in ${seconds(performance.now() - started)} s`);
}
const books = await ledger.verify();
const clean = books.mismatchedAccounts.length + books.unbalancedTransactions.length + books.negativeAccounts.length === 0;
console.log(`  books: ${books.accounts} accounts, ${books.transactions} transactions, supply ${formatPower(books.supply)} POWER, ${clean ? "clean" : "NOT CLEAN"}`);
const worst = Math.max(...results) / 1000;
console.log(`  target ≤ ${TARGET_S} s per day: ${worst <= TARGET_S ? "met" : "MISSED"} (slowest ${worst.toFixed(2)} s)`);

for (const root of roots) root.network.close();
await database.close();
await bench.drop();
if (!clean || worst > TARGET_S) process.exitCode = 1;
