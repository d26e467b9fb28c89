import { inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { feeds } from "../../src/db/schema/index.ts";
import { createScheduler } from "../../src/fetcher/scheduler.ts";
import { createTestApp, type TestApp } from "../helpers/app.ts";
import { insertUser, subscribeToFeed } from "../helpers/users.ts";

describe("the scheduler's lease on the feeds it claimed", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("is renewed while a refresh is under way, so no other process takes the feed however long it takes", async () => {
    const userId = await insertUser(t.deps.db, t.deps.ids);
    const ids = [await subscribeToFeed(t.deps.db, t.deps.ids, userId, "https://lease-slow.example.com/feed.xml")];
    await t.deps.db.update(feeds).set({ nextCheckAt: new Date(Date.now() - 60_000) }).where(inArray(feeds.id, ids));
    const leaseMs = 600;
    let calls = 0;
    let finish!: () => void;
    const scheduler = createScheduler({
      feeds: t.deps.feedsRepo,
      clock: t.deps.clock,
      logger: t.deps.logger,
      rsshubUrl: "https://rsshub.example.com",
      concurrency: 2,
      perHost: 1,
      leaseMs,
      // A refresh that takes four leases.
      refresh: () => {
        calls++;
        return new Promise((resolve) => (finish = () => resolve({ status: "not-modified" })));
      },
    });
    scheduler.start();
    const nextCheck = async () => (await t.deps.db.select({ at: feeds.nextCheckAt }).from(feeds).where(inArray(feeds.id, ids)))[0]!.at.getTime();
    for (let i = 0; i < 8; i++) {
      await new Promise((resolve) => setTimeout(resolve, leaseMs / 2));
      // Still reserved: the lease moved on with the refresh under way.
      expect(await nextCheck()).toBeGreaterThan(Date.now());
      // Another process looking for due feeds finds none.
      expect(await t.deps.feedsRepo.claimDue(new Date(), 10, new Date(Date.now() + 60_000))).toEqual([]);
    }
    expect(calls).toBe(1);
    finish();
    await scheduler.stop();
  });
});
