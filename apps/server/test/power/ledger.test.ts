import { createIdGenerator, ErrorCode, POWER_UNIT } from "@tidings/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../../src/db/schema/index.ts";
import { createLedger, type Ledger } from "../../src/features/power/ledger.ts";
import { openTestDatabase } from "../helpers/database.ts";

const power = (n: number) => BigInt(n) * POWER_UNIT;
let database: Awaited<ReturnType<typeof openTestDatabase>>;
let ledger: Ledger;
const now = new Date();

beforeAll(async () => {
  database = await openTestDatabase();
  ledger = createLedger({ db: database.db, ids: createIdGenerator({ workerId: 1 }), secret: "s" });
  await database.db.insert(users).values(
    ["ann", "bob", "cat"].map((id) => ({ id, name: id, email: `${id}@example.com`, emailVerified: true, createdAt: now, updatedAt: now })),
  );
});
afterAll(async () => database.close());

describe("the POWER ledger", () => {
  it("mints from the treasury, spends daily before cashable, and keeps every balance the sum of its postings", async () => {
    await ledger.move({ type: "mint", amount: power(3), from: { kind: "treasury" }, to: { kind: "daily", userId: "ann" }, toUserId: "ann" }, now);
    await ledger.move({ type: "mint", amount: power(5), from: { kind: "treasury" }, to: { kind: "user", userId: "ann" }, toUserId: "ann" }, now);
    expect(await ledger.balances("ann")).toEqual({ daily: power(3), cashable: power(5) });
    const { transaction } = await ledger.move({ type: "tip", amount: power(4), from: { kind: "user", userId: "ann" }, to: { kind: "user", userId: "bob" }, fromUserId: "ann", toUserId: "bob" }, now);
    expect(transaction).toMatchObject({ type: "tip", amount: power(4).toString(), hash: expect.stringMatching(/^0x[0-9a-f]{64}$/) });
    expect(await ledger.balances("ann")).toEqual({ daily: 0n, cashable: power(4) });
    expect(await ledger.balances("bob")).toEqual({ daily: 0n, cashable: power(4) });
    const books = await ledger.verify();
    expect(books).toMatchObject({ mismatchedAccounts: [], unbalancedTransactions: [], negativeAccounts: [], supply: power(8).toString(), transactions: 3 });
  });

  it("refuses to go below zero (4002), moving nothing", async () => {
    await expect(
      ledger.move({ type: "tip", amount: power(5), from: { kind: "user", userId: "ann" }, to: { kind: "user", userId: "cat" }, fromUserId: "ann" }, now),
    ).rejects.toMatchObject({ code: ErrorCode.InsufficientBalance });
    expect(await ledger.balances("ann")).toEqual({ daily: 0n, cashable: power(4) });
    expect((await ledger.verify()).transactions).toBe(3);
  });

  it("pays once for a request made again with the same idempotency key, even at the same time", async () => {
    const tip = { type: "tip" as const, amount: power(1), from: { kind: "user" as const, userId: "bob" }, to: { kind: "user" as const, userId: "cat" }, fromUserId: "bob", toUserId: "cat", idempotencyKey: "tip-1" };
    const [a, b, c] = await Promise.all([ledger.move(tip, now), ledger.move(tip, now), ledger.move(tip, now)]);
    expect(new Set([a.transaction.hash, b.transaction.hash, c.transaction.hash]).size).toBe(1);
    expect([a, b, c].filter((result) => !result.replayed)).toHaveLength(1);
    expect((await ledger.balances("cat")).cashable).toBe(power(1));
    expect((await ledger.balances("bob")).cashable).toBe(power(3));
  });

  it("lets exactly as many of 50 parallel spends through as the balance covers", async () => {
    await ledger.move({ type: "mint", amount: power(10), from: { kind: "treasury" }, to: { kind: "user", userId: "cat" }, toUserId: "cat" }, now);
    const before = await ledger.balances("cat");
    const spendable = before.daily + before.cashable;
    expect(spendable).toBe(power(11));
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, (_, index) =>
        ledger.move({ type: "tip", amount: power(1), from: { kind: "user", userId: "cat" }, to: index % 2 ? { kind: "user", userId: "ann" } : { kind: "user", userId: "bob" }, fromUserId: "cat" }, now),
      ),
    );
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(11);
    expect(results.filter((result) => result.status === "rejected").every((result) => (result as PromiseRejectedResult).reason.code === ErrorCode.InsufficientBalance)).toBe(true);
    expect(await ledger.balances("cat")).toEqual({ daily: 0n, cashable: 0n });
    expect(await ledger.verify()).toMatchObject({ mismatchedAccounts: [], unbalancedTransactions: [], negativeAccounts: [] });
  });
});
