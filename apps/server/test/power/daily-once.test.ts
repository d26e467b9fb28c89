// Daily POWER rewards with two processes on one database (both drivers): a day is computed once
// however many processes look at once (the run's row is the lock; the scheduled check is a periodic
// job, one run per slot), and each reader's reward is minted once however many claims race (the
// claim's primary key is written in the mint's transaction).

import { createIdGenerator, ErrorCode } from "@tidings/contracts";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, openDatabase, rowsOf } from "../../src/db/client.ts";
import { entries, feeds, readMarks, users } from "../../src/db/schema/index.ts";
import { createDailyRewards } from "../../src/features/power/daily.service.ts";
import { createLedger } from "../../src/features/power/ledger.ts";
import { createPower } from "../../src/features/power/power.ts";
import { createLogger } from "../../src/lib/logger.ts";
import { openTestDatabase } from "../helpers/database.ts";

const logger = createLogger({ level: process.env.TEST_LOG_LEVEL ?? "silent" });
const SUPPLY = 10_000;
const SECRET = "s";
const readers = ["ann", "bob", "cy", "dee"];

let database: Awaited<ReturnType<typeof openTestDatabase>>;
let other: DatabaseHandle | null = null;

/** One "process" over its own connections (PGlite's one connection is shared), with its own id generator. */
function processAt(iso: string, index: number) {
  const db = index === 0 || !other ? database.db : other.db;
  const ids = createIdGenerator({ workerId: 10 + index });
  const clock = { now: () => new Date(iso) };
  const ledger = createLedger({ db, ids, secret: SECRET });
  return { db, clock, rewards: createDailyRewards({ db, ledger, clock, logger, dailySupply: SUPPLY }), power: createPower({ config: { enabled: true, dailySupply: SUPPLY, boostMonthlyCost: 10, invitationPrice: 0 }, db, ids, clock, logger, secret: SECRET, checkTwoFactor: async () => {} }) };
}

beforeAll(async () => {
  database = await openTestDatabase();
  other = database.url ? await openDatabase({ kind: "postgres", url: database.url }) : null;
  const { db } = database;
  const ids = createIdGenerator({ workerId: 9 });
  const created = new Date("2025-01-01T00:00:00Z");
  await db.insert(users).values(readers.map((id) => ({ id, name: id, email: `${id}@example.com`, createdAt: created, updatedAt: created })));
  const feedId = ids.next();
  await db.insert(feeds).values({ id: feedId, url: "https://example.com/feed.xml" });
  const entryIds = Array.from({ length: 10 }, () => ids.next());
  await db.insert(entries).values(entryIds.map((id, i) => ({ id, feedId, guid: `g${i}`, publishedAt: created })));
  // Everyone read in the activity windows of 2025-06-10 and 2025-06-11 (the UTC day before each).
  for (const day of ["2025-06-09", "2025-06-10"]) {
    await db.insert(readMarks).values(readers.flatMap((userId, r) => entryIds.slice(0, r + 2).map((entryId, i) => ({ userId, entryId, readAt: new Date(`${day}T0${i}:00:00Z`) })))).onConflictDoNothing();
  }
});
afterAll(async () => {
  await other?.close();
  await database.close();
});

const runsOf = async (day: string) => rowsOf<{ status: string }>(await database.db.execute(sql`SELECT status FROM power_daily_runs WHERE day = ${day}::date`));

describe("daily POWER rewards with two processes", () => {
  it("computes a day once when both look at the same time", async () => {
    const looks = Array.from({ length: 6 }, (_, i) => processAt("2025-06-10T00:01:00Z", i % 2).rewards.compute());
    const results = await Promise.all(looks);
    expect(results.filter((result) => result !== null)).toEqual([expect.objectContaining({ users: readers.length })]);
    expect(await runsOf("2025-06-10")).toEqual([{ status: "done" }]);
    expect(await processAt("2025-06-10T00:06:00Z", 1).rewards.compute()).toBeNull();
  });

  it("mints each reader's reward once, however many claims race on both processes", async () => {
    const claims = readers.flatMap((userId) => Array.from({ length: 6 }, (_, i) => ({ userId, process: processAt("2025-06-10T09:00:00Z", i % 2) })));
    const outcomes = await Promise.all(
      claims.map(({ userId, process }) =>
        process.rewards.claim(userId).then(
          () => ({ userId, ok: true, code: 0 }),
          (error: { code?: number }) => ({ userId, ok: false, code: error.code ?? -1 }),
        ),
      ),
    );
    for (const userId of readers) {
      const own = outcomes.filter((outcome) => outcome.userId === userId);
      expect(own.filter((outcome) => outcome.ok), userId).toHaveLength(1);
      expect(own.filter((outcome) => !outcome.ok).map((outcome) => outcome.code)).toEqual(Array(5).fill(ErrorCode.AlreadyClaimed));
    }
    const mints = rowsOf<{ to_user_id: string; n: number }>(
      await database.db.execute(sql`SELECT to_user_id, count(*)::int AS n FROM power_transactions WHERE type = 'mint' AND comment = 'Daily reward' GROUP BY to_user_id ORDER BY to_user_id`),
    );
    expect(mints.map((row) => [row.to_user_id, Number(row.n)])).toEqual([...readers].sort().map((userId) => [userId, 1]));
    const claimed = rowsOf<{ n: number }>(await database.db.execute(sql`SELECT count(*)::int AS n FROM power_daily_claims WHERE day = '2025-06-10'::date`));
    expect(Number(claimed[0]!.n)).toBe(readers.length);
    expect(await processAt("2025-06-10T09:00:00Z", 0).power.ledger.verify()).toMatchObject({ mismatchedAccounts: [], unbalancedTransactions: [], negativeAccounts: [] });
  });

  it("runs the scheduled check of a slot in one process when both schedulers run", async () => {
    const [a, b] = [processAt("2025-06-11T00:02:00Z", 0), processAt("2025-06-11T00:02:00Z", 1)];
    a.power.start();
    b.power.start();
    await expect.poll(async () => (await runsOf("2025-06-11"))[0]?.status, { timeout: 10_000 }).toBe("done");
    await expect.poll(async () => rowsOf<{ status: string }>(await database.db.execute(sql`SELECT status FROM jobs WHERE kind = 'power-boost-levels'`)).map((row) => row.status)).toEqual(["done"]);
    await Promise.all([a.power.stop(), b.power.stop()]);
    const jobs = rowsOf<{ kind: string; status: string; attempts: number }>(await database.db.execute(sql`SELECT kind, status, attempts FROM jobs WHERE kind LIKE 'power-%' ORDER BY kind`));
    expect(jobs.map((job) => [job.kind, job.status, Number(job.attempts)])).toEqual([
      ["power-boost-levels", "done", 1],
      ["power-daily", "done", 1],
    ]);
    expect(await runsOf("2025-06-11")).toEqual([{ status: "done" }]);
  });
});
