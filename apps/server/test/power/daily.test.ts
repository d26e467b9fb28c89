import { createIdGenerator, ErrorCode, POWER_UNIT } from "@tidings/contracts";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "../../src/db/client.ts";
import { entries, feeds, powerDailyRuns, readMarks, subscriptions, users } from "../../src/db/schema/index.ts";
import { dailyRewardsOf, type DailyInput } from "../../src/features/power/daily-policy.ts";
import { createDailyRewards } from "../../src/features/power/daily.service.ts";
import { createLedger, type Ledger } from "../../src/features/power/ledger.ts";
import { createPower } from "../../src/features/power/power.ts";
import { createLogger } from "../../src/lib/logger.ts";
import { openTestDatabase } from "../helpers/database.ts";

const power = (n: number) => BigInt(n) * POWER_UNIT;
const SUPPLY = 10_000;
const DAY1 = "2025-06-10";
const at = (iso: string) => new Date(iso);
/** Inside DAY1's activity window (the UTC day before). */
const inWindow = (minute: number) => new Date(at("2025-06-09T00:00:00Z").getTime() + minute * 60_000);

let database: Awaited<ReturnType<typeof openTestDatabase>>;
let ledger: Ledger;
const logger = createLogger({ level: "silent" });
const ids = createIdGenerator({ workerId: 2 });
const rewardsAt = (iso: string) => createDailyRewards({ db: database.db, ledger, clock: { now: () => at(iso) }, logger, dailySupply: SUPPLY });

/** What each user did in DAY1's window (the fixture below makes exactly this). */
const activity: Record<string, { reads: number; subscriptions: number; tips: number }> = {
  rich: { reads: 5, subscriptions: 0, tips: 0 },
  alice: { reads: 30, subscriptions: 0, tips: 0 },
  bob: { reads: 5, subscriptions: 0, tips: 0 },
  dan: { reads: 5, subscriptions: 0, tips: 0 },
  trial: { reads: 12, subscriptions: 0, tips: 0 },
  carol: { reads: 0, subscriptions: 2, tips: 0 },
  tipper: { reads: 0, subscriptions: 0, tips: 3 },
  idle: { reads: 0, subscriptions: 0, tips: 0 },
};
const fillers = Array.from({ length: 18 }, (_, i) => `filler${String(i).padStart(2, "0")}`);
const everyone = [...Object.keys(activity), ...fillers];

beforeAll(async () => {
  database = await openTestDatabase();
  const { db } = database;
  ledger = createLedger({ db, ids, secret: "s" });
  const created = at("2025-01-01T00:00:00Z");
  await db.insert(users).values(
    everyone.map((id) => ({ id, name: id, email: `${id}@example.com`, role: id === "trial" ? ("trial" as const) : ("user" as const), createdAt: created, updatedAt: created })),
  );
  const feedIds = Array.from({ length: 3 }, () => ids.next());
  await db.insert(feeds).values(feedIds.map((id, i) => ({ id, url: `https://example.com/${i}.xml` })));
  const entryIds = Array.from({ length: 40 }, () => ids.next());
  await db.insert(entries).values(entryIds.map((id, i) => ({ id, feedId: feedIds[0]!, guid: `g${i}`, publishedAt: created })));
  const marks = Object.entries(activity).flatMap(([userId, done]) => entryIds.slice(0, done.reads).map((entryId, i) => ({ userId, entryId, readAt: inWindow(i) })));
  // Outside the window: before it, and today (counts tomorrow).
  marks.push({ userId: "idle", entryId: entryIds[0]!, readAt: at("2025-06-08T23:59:59Z") }, { userId: "idle", entryId: entryIds[1]!, readAt: at("2025-06-10T00:00:00Z") });
  await db.insert(readMarks).values(marks);
  await db.insert(subscriptions).values([
    ...feedIds.slice(0, 2).map((feedId, i) => ({ id: ids.next(), userId: "carol", type: "feed" as const, feedId, createdAt: inWindow(60 + i) })),
    { id: ids.next(), userId: "idle", type: "feed" as const, feedId: feedIds[0]!, createdAt: at("2025-05-01T00:00:00Z") },
  ]);
  const mint = (userId: string, n: number) => ledger.move({ type: "mint", amount: power(n), from: { kind: "treasury" }, to: { kind: "user", userId }, toUserId: userId }, created);
  await mint("rich", 1000);
  await mint("tipper", 50);
  for (let i = 0; i < 3; i++) {
    await ledger.move({ type: "tip", amount: power(1), from: { kind: "user", userId: "tipper" }, to: { kind: "user", userId: "bob" }, fromUserId: "tipper", toUserId: "bob" }, inWindow(120 + i));
  }
});
afterAll(async () => database.close());

async function levels() {
  return rowsOf<{ user_id: string; rank: number; level: number; activity_points: number; prev_activity_points: number; daily_amount: string; day: string }>(
    await database.db.execute(sql`SELECT user_id, rank, level, activity_points, prev_activity_points, daily_amount::text AS daily_amount, day::text AS day FROM power_levels ORDER BY rank`),
  ).map((row) => ({ ...row, rank: Number(row.rank), level: Number(row.level), amount: BigInt(row.daily_amount) }));
}

describe("daily POWER rewards", () => {
  it("before the first computation: no level, nothing due, and a claim waits for it (4005)", async () => {
    const rewards = rewardsAt("2025-06-10T08:00:00Z");
    expect(await rewards.today("alice")).toEqual({ level: null, todayDailyPower: "0" });
    expect(await rewards.claimCheck("alice")).toBe(false);
    await expect(rewards.claim("alice")).rejects.toMatchObject({ code: ErrorCode.DailyPowerInProgress });
  });

  it("ranks and levels everyone, shares the supply by level × activity, exactly as the policy says", async () => {
    const result = await rewardsAt("2025-06-10T08:00:00Z").compute();
    expect(result).toMatchObject({ users: everyone.length });
    const rows = await levels();
    const byUser = new Map(rows.map((row) => [row.user_id, row]));
    expect(rows.every((row) => row.day === DAY1)).toBe(true);

    const inputs: DailyInput[] = await Promise.all(
      everyone.map(async (userId) => {
        const { daily, cashable } = await ledger.balances(userId);
        return { userId, balance: daily + cashable, ...(activity[userId] ?? { reads: 0, subscriptions: 0, tips: 0 }) };
      }),
    );
    const expected = dailyRewardsOf(inputs, power(SUPPLY));
    expect(rows.map((row) => ({ userId: row.user_id, rank: row.rank, level: row.level, activityPoints: row.activity_points, dailyAmount: row.amount }))).toEqual(expected);

    // Highest balance first, level 5; zero balances rank last, level 1.
    expect(byUser.get("rich")).toMatchObject({ rank: 1, level: 5 });
    expect(byUser.get("tipper")).toMatchObject({ rank: 2, level: 4, activity_points: 15 });
    expect(byUser.get("bob")).toMatchObject({ rank: 3, level: 3 });
    expect(byUser.get("alice")).toMatchObject({ level: 1, activity_points: 30 });
    // More active (same level), then higher level (same activity), earns more.
    expect(byUser.get("alice")!.amount).toBeGreaterThan(byUser.get("dan")!.amount);
    expect(byUser.get("rich")!.amount).toBeGreaterThan(byUser.get("bob")!.amount);
    expect(byUser.get("bob")!.amount).toBeGreaterThan(byUser.get("dan")!.amount);
    // Trial accounts take part; no activity, no share (reads outside the window do not count).
    expect(byUser.get("trial")!.amount).toBeGreaterThan(0n);
    expect(byUser.get("idle")).toMatchObject({ activity_points: 0, amount: 0n });
    expect(fillers.every((id) => byUser.get(id)!.amount === 0n)).toBe(true);
    // The supply, less at most a unit per sharer lost to rounding down.
    const total = rows.reduce((sum, row) => sum + row.amount, 0n);
    const sharers = rows.filter((row) => row.amount > 0n).length;
    expect(sharers).toBe(7);
    expect(total).toBeLessThanOrEqual(power(SUPPLY));
    expect(power(SUPPLY) - total).toBeLessThan(BigInt(sharers));
  });

  it("a second computation of the same day does nothing", async () => {
    expect(await rewardsAt("2025-06-10T09:00:00Z").compute()).toBeNull();
  });

  it("claims once a day: the check flips, a second claim is 4000, and the mint lands in the daily balance", async () => {
    const rewards = rewardsAt("2025-06-10T08:00:00Z");
    const [row] = (await levels()).filter((r) => r.user_id === "alice");
    expect(await rewards.claimCheck("alice")).toBe(true);
    expect(await rewards.today("alice")).toEqual({ level: { rank: row!.rank, level: 1, activityPoints: 30, prevActivityPoints: 0 }, todayDailyPower: row!.daily_amount });

    const { transactionHash } = await rewards.claim("alice");
    expect(transactionHash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(await rewards.claimCheck("alice")).toBe(false);
    expect((await rewards.today("alice")).todayDailyPower).toBe("0");
    await expect(rewards.claim("alice")).rejects.toMatchObject({ code: ErrorCode.AlreadyClaimed });
    expect(await ledger.balances("alice")).toEqual({ daily: row!.amount, cashable: 0n });
    const [tx] = rowsOf<{ type: string; comment: string; to_user_id: string }>(await database.db.execute(sql`SELECT type, comment, to_user_id FROM power_transactions WHERE hash = ${transactionHash}`));
    expect(tx).toEqual({ type: "mint", comment: "Daily reward", to_user_id: "alice" });
  });

  it("pays one of two claims made at once", async () => {
    const rewards = rewardsAt("2025-06-10T08:00:00Z");
    const results = await Promise.allSettled([rewards.claim("bob"), rewards.claim("bob")]);
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    expect((results.find((result) => result.status === "rejected") as PromiseRejectedResult).reason).toMatchObject({ code: ErrorCode.AlreadyClaimed });
  });

  it("has nothing for the inactive or unknown (4001)", async () => {
    const rewards = rewardsAt("2025-06-10T08:00:00Z");
    expect(await rewards.claimCheck("idle")).toBe(false);
    expect(await rewards.today("idle")).toMatchObject({ level: { level: 1, activityPoints: 0 }, todayDailyPower: "0" });
    await expect(rewards.claim("idle")).rejects.toMatchObject({ code: ErrorCode.UserWalletError, reason: expect.stringContaining("read, follow or tip") });
    await expect(rewards.claim("nobody")).rejects.toMatchObject({ code: ErrorCode.UserWalletError });
  });

  it("runs a day's computation once when two start at once, keeping yesterday's points", async () => {
    const rewards = rewardsAt("2025-06-11T00:02:00Z");
    // Yesterday's unclaimed reward cannot be claimed today.
    expect(await rewards.claimCheck("dan")).toBe(false);
    const results = await Promise.all([rewards.compute(), rewards.compute()]);
    expect(results.filter((result) => result === null)).toHaveLength(1);
    expect(results.find((result) => result !== null)).toMatchObject({ users: everyone.length });
    const byUser = new Map((await levels()).map((row) => [row.user_id, row]));
    // Today counts 2025-06-10: idle's read at midnight.
    expect(byUser.get("idle")).toMatchObject({ day: "2025-06-11", activity_points: 1, prev_activity_points: 0 });
    expect(byUser.get("alice")).toMatchObject({ activity_points: 0, prev_activity_points: 30, amount: 0n });
    expect(await rewards.claimCheck("idle")).toBe(true);
    await rewards.claim("idle");
  });

  it("refuses claims while the day's computation runs (4005), and another process leaves it alone", async () => {
    const day = "2025-06-12";
    await database.db.insert(powerDailyRuns).values({ day, status: "running", startedAt: at("2025-06-12T00:01:00Z") });
    const rewards = rewardsAt("2025-06-12T00:03:00Z");
    await expect(rewards.claim("idle")).rejects.toMatchObject({ code: ErrorCode.DailyPowerInProgress });
    expect(await rewards.claimCheck("idle")).toBe(false);
    expect(await rewards.compute()).toBeNull();
    // Left running by a process that died: taken over once stale.
    const later = rewardsAt("2025-06-12T01:00:00Z");
    expect(await later.compute(day)).toMatchObject({ users: everyone.length });
  });

  it("keeps the books clean", async () => {
    const books = await ledger.verify();
    expect(books).toMatchObject({ mismatchedAccounts: [], unbalancedTransactions: [], negativeAccounts: [] });
    const claimed = rowsOf<{ total: string }>(
      await database.db.execute(sql`SELECT coalesce(sum(t.amount), 0)::text AS total FROM power_daily_claims c JOIN power_transactions t ON t.id = c.transaction_id`),
    )[0]!;
    expect(BigInt(books.supply)).toBe(power(1050) + BigInt(claimed.total));
  });

  it("a scheduler computes today's rewards at start and stops cleanly", async () => {
    const clock = { now: () => at("2025-06-13T00:00:30Z") };
    const scheduled = createPower({ config: { enabled: true, dailySupply: SUPPLY, boostMonthlyCost: 10, invitationPrice: 0 }, db: database.db, ids, clock, logger, secret: "s", checkTwoFactor: async () => {} });
    scheduled.start();
    await expect.poll(async () => (await database.db.select().from(powerDailyRuns)).find((run) => run.day === "2025-06-13")?.status).toBe("done");
    await scheduled.stop();
  });
});
