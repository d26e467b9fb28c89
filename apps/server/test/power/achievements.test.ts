import { createIdGenerator, ErrorCode, POWER_UNIT } from "@tidings/contracts";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { achievements, entries, feeds, invitations, lists, powerBoosts, powerTransactions, readMarks, subscriptions, users } from "../../src/db/schema/index.ts";
import { ACHIEVEMENTS } from "../../src/features/power/achievement-catalogue.ts";
import { type Achievements, createAchievements } from "../../src/features/power/achievements.service.ts";
import { createLedger, type Ledger } from "../../src/features/power/ledger.ts";
import { openTestDatabase } from "../helpers/database.ts";

const power = (n: number) => BigInt(n) * POWER_UNIT;
const ids = createIdGenerator({ workerId: 2 });
let database: Awaited<ReturnType<typeof openTestDatabase>>;
let ledger: Ledger;
let service: Achievements;
let now = new Date("2025-03-01T10:00:00Z");
const clock = { now: () => now };
const feedId = ids.next();
const listId = ids.next();

const addUsers = (names: string[]) =>
  database.db.insert(users).values(names.map((id) => ({ id, name: id, email: `${id}@example.com`, emailVerified: true, createdAt: now, updatedAt: now })));
const byAction = async (userId: string) => new Map((await service.list(userId)).data.map((achievement) => [achievement.actionId, achievement]));
const rejection = (promise: Promise<unknown>) => promise.then(() => expect.unreachable("should have been refused"), (error: { code: number }) => error.code);

beforeAll(async () => {
  database = await openTestDatabase();
  ledger = createLedger({ db: database.db, ids, secret: "s" });
  service = createAchievements({ db: database.db, ledger, clock });
  await addUsers(["ann", "bob"]);
});
afterAll(async () => database.close());

describe("achievements", () => {
  it("lists every catalogue entry, incomplete, for a new reader", async () => {
    const result = await service.list("ann");
    expect(result).toMatchObject({ done: 0, total: ACHIEVEMENTS.length });
    expect(result.data.map((achievement) => achievement.actionId)).toEqual([0, 1, 2, 3, 4, 5, 8, 10, 11, 12, 13]);
    expect(result.data[0]).toEqual({
      id: "ann:0",
      userId: "ann",
      actionId: 0,
      type: "incomplete",
      progress: 0,
      progressMax: 1,
      done: false,
      doneAt: null,
      tx: null,
      power: power(50).toString(),
    });
    expect(await database.db.select().from(achievements).where(eq(achievements.userId, "ann"))).toHaveLength(ACHIEVEMENTS.length);
  });

  it("measures progress from what the reader did, and keeps when each was done", async () => {
    const { db } = database;
    await db.insert(feeds).values({ id: feedId, url: "https://example.com/feed.xml", ownerUserId: "ann" });
    await db.insert(lists).values({ id: listId, ownerUserId: "ann", title: "Reading" });
    await db.insert(subscriptions).values([
      { id: ids.next(), userId: "ann", type: "feed", feedId },
      // Her own list: a follow, but not one of its subscribers.
      { id: ids.next(), userId: "ann", type: "list", listId },
    ]);
    const entryIds = [ids.next(), ids.next(), ids.next()];
    await db.insert(entries).values(entryIds.map((id) => ({ id, feedId, guid: id, publishedAt: now })));
    await db.insert(readMarks).values(entryIds.map((entryId) => ({ userId: "ann", entryId })));
    await ledger.move({ type: "mint", amount: power(100), from: { kind: "treasury" }, to: { kind: "cashable", userId: "ann" }, toUserId: "ann" }, now);
    await ledger.move({ type: "tip", amount: power(1), from: { kind: "user", userId: "ann" }, to: { kind: "user", userId: "bob" }, fromUserId: "ann", toUserId: "bob" }, now);
    await ledger.move({ type: "purchase", amount: power(10), from: { kind: "user", userId: "ann" }, to: { kind: "treasury" }, fromUserId: "ann", toFeedId: feedId }, now, async (tx, made) => {
      await tx.insert(powerBoosts).values({ transactionId: made.id, feedId, userId: "ann", months: 1, expiresAt: new Date(now.getTime() + 30 * 86_400_000) });
    });
    await db.insert(invitations).values({ code: "abc", fromUserId: "ann", toUserId: "bob", usedAt: now });

    const done = await byAction("ann");
    for (const actionId of [0, 1, 8, 10, 12, 13]) {
      expect(done.get(actionId)).toMatchObject({ type: "completed", done: true, progress: 1, doneAt: now.toISOString() });
    }
    expect(done.get(11)).toMatchObject({ type: "incomplete", progress: 3, progressMax: 100 });
    expect(done.get(2)).toMatchObject({ type: "incomplete", progress: 0, progressMax: 50 });
    expect(done.get(5)).toMatchObject({ type: "incomplete", progress: 0 });

    // 50 other readers follow her list.
    const followers = Array.from({ length: 50 }, (_, index) => `reader${index}`);
    await addUsers(followers);
    await db.insert(subscriptions).values(followers.map((userId) => ({ id: ids.next(), userId, type: "list" as const, listId })));
    const firstDone = now;
    now = new Date(now.getTime() + 60_000);
    const later = await byAction("ann");
    expect(later.get(2)).toMatchObject({ type: "completed", progress: 50, doneAt: now.toISOString() });
    expect(later.get(3)).toMatchObject({ type: "incomplete", progress: 50, progressMax: 100 });
    expect(later.get(4)).toMatchObject({ type: "incomplete", progress: 50, progressMax: 500 });
    // Done stays done, when it was, even if what it counted goes away.
    await db.update(feeds).set({ ownerUserId: null }).where(eq(feeds.id, feedId));
    expect(await service.check("ann", 0)).toMatchObject({ type: "completed", progress: 1, doneAt: firstDone.toISOString() });
    // Progress of what is not done yet follows the data both ways.
    await db.delete(readMarks).where(and(eq(readMarks.userId, "ann"), eq(readMarks.entryId, entryIds[0]!)));
    expect(await service.check("ann", 11)).toMatchObject({ type: "incomplete", progress: 2 });
  });

  it("refuses to pay what is not done (9000) or unknown", async () => {
    expect(await rejection(service.claim("ann", 11))).toBe(ErrorCode.AchievementNotCompleted);
    expect(await rejection(service.claim("ann", 7))).toBe(ErrorCode.InvalidParameter);
    expect(await rejection(service.check("ann", 99))).toBe(ErrorCode.InvalidParameter);
  });

  it("pays a completed achievement once, into the cashable balance, and marks it received (then 9001)", async () => {
    const before = await ledger.balances("ann");
    const result = await service.claim("ann", 0);
    expect(result).toEqual({ actionId: 0, result: true, transactionHash: expect.stringMatching(/^0x[0-9a-f]{64}$/) });
    expect(await ledger.balances("ann")).toEqual({ daily: before.daily, cashable: before.cashable + power(50) });
    const [transaction] = await database.db.select().from(powerTransactions).where(eq(powerTransactions.hash, result.transactionHash));
    expect(transaction).toMatchObject({ type: "mint", toUserId: "ann", amount: power(50).toString(), comment: "Achievement: Feed Owner" });
    expect(await service.check("ann", 0)).toMatchObject({ type: "received", done: true, tx: result.transactionHash });
    expect(await rejection(service.claim("ann", 0))).toBe(ErrorCode.AchievementAlreadyReceived);
  });

  it("pays once when the same achievement is claimed several times at once", async () => {
    const before = await ledger.balances("ann");
    const transactions = (await ledger.verify()).transactions;
    const results = await Promise.allSettled([service.claim("ann", 1), service.claim("ann", 1), service.claim("ann", 1)]);
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    const refused = results.filter((result): result is PromiseRejectedResult => result.status === "rejected");
    expect(refused.map((result) => (result.reason as { code: number }).code)).toEqual([ErrorCode.AchievementAlreadyReceived, ErrorCode.AchievementAlreadyReceived]);
    expect((await ledger.balances("ann")).cashable).toBe(before.cashable + power(20));
    expect(await ledger.verify()).toMatchObject({ mismatchedAccounts: [], unbalancedTransactions: [], negativeAccounts: [], transactions: transactions + 1 });
  });

  it("reviews what a reader submits before it can be claimed", async () => {
    expect(await rejection(service.audit("ann", 0, { text: "hi" }))).toBe(ErrorCode.AchievementAuditNotNeeded);
    expect(await rejection(service.claim("ann", 5))).toBe(ErrorCode.AchievementNotCompleted);
    expect(await rejection(service.audit("ann", 5, { url: "javascript:alert(1)" }))).toBe(ErrorCode.InvalidParameter);
    expect(await rejection(service.audit("ann", 5, {}))).toBe(ErrorCode.InvalidParameter);

    expect(await service.audit("ann", 5, { text: "  I read the news every morning " })).toMatchObject({ type: "audit", done: false });
    expect(await rejection(service.audit("ann", 5, { text: "again" }))).toBe(ErrorCode.AchievementUnderAudit);
    expect(await rejection(service.claim("ann", 5))).toBe(ErrorCode.AchievementUnderAudit);
    expect(await service.check("ann", 5)).toMatchObject({ type: "audit" });
    expect(await service.pendingAudits()).toEqual([{ userId: "ann", actionId: 5, payload: { text: "I read the news every morning" }, since: now.toISOString() }]);

    expect(await service.review("ann", 5, false)).toMatchObject({ type: "incomplete", progress: 0 });
    const [rejected] = await database.db.select().from(achievements).where(and(eq(achievements.userId, "ann"), eq(achievements.actionId, 5)));
    expect(rejected?.payload).toMatchObject({ text: "I read the news every morning" });
    expect(await service.pendingAudits()).toEqual([]);
    expect(await rejection(service.review("ann", 5, true))).toBe(ErrorCode.InvalidParameter);

    await service.audit("ann", 5, { url: "https://blog.example.com/tidings" });
    expect(await service.review("ann", 5, true)).toMatchObject({ type: "completed", done: true, progress: 1, doneAt: now.toISOString() });
    expect(await service.list("ann", "completed")).toMatchObject({ data: expect.arrayContaining([expect.objectContaining({ actionId: 5 })]) });
    expect(await rejection(service.audit("ann", 5, { text: "more" }))).toBe(ErrorCode.AchievementAuditNotNeeded);
    const { transactionHash } = await service.claim("ann", 5);
    expect(await service.check("ann", 5)).toMatchObject({ type: "received", tx: transactionHash });
    expect(await rejection(service.audit("ann", 5, { text: "more" }))).toBe(ErrorCode.AchievementAlreadyReceived);
    expect(await rejection(service.review("ann", 5, true))).toBe(ErrorCode.AchievementAlreadyReceived);
  });

  it("filters by type and counts what is done", async () => {
    const all = await service.list("ann");
    expect(all).toMatchObject({ done: 8, total: ACHIEVEMENTS.length });
    expect(all.data).toHaveLength(ACHIEVEMENTS.length);
    expect((await service.list("ann", "received")).data.map((achievement) => achievement.actionId)).toEqual([0, 1, 5]);
    expect((await service.list("ann", "completed")).data.map((achievement) => achievement.actionId)).toEqual([2, 8, 10, 12, 13]);
    expect((await service.list("ann", "incomplete")).data.map((achievement) => achievement.actionId)).toEqual([3, 4, 11]);
    expect(await service.list("ann", "audit")).toEqual({ data: [], done: 8, total: ACHIEVEMENTS.length });
    // Bob has done nothing of his own yet (a tip received is not one sent).
    expect(await service.list("bob", "incomplete")).toMatchObject({ done: 0, data: expect.any(Array) });
    expect((await service.list("bob", "incomplete")).data).toHaveLength(ACHIEVEMENTS.length);
  });
});
