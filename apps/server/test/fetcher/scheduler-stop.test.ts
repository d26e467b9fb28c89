import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { feeds } from "../../src/db/schema/index.ts";
import type { FeedRow } from "../../src/features/feeds/index.ts";
import { createScheduler } from "../../src/fetcher/scheduler.ts";
import { createTestApp, type TestApp } from "../helpers/app.ts";
import { insertUser, subscribeToFeed } from "../helpers/users.ts";

describe("the scheduler, stopped", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("gives back the feeds it claimed and did not refresh, including one still under way after the grace; a refreshed feed keeps its next check", async () => {
    const userId = await insertUser(t.deps.db, t.deps.ids);
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push(await subscribeToFeed(t.deps.db, t.deps.ids, userId, `https://stop-${i}.example.com/feed.xml`));
    await t.deps.db.update(feeds).set({ nextCheckAt: new Date(Date.now() - 60_000) }).where(inArray(feeds.id, ids));
    const later = new Date(Date.now() + 3_600_000);
    let started = 0;
    let firstStarted!: () => void;
    const firstUnderWay = new Promise<void>((resolve) => (firstStarted = resolve));
    const scheduler = createScheduler({
      feeds: t.deps.feedsRepo,
      clock: t.deps.clock,
      logger: t.deps.logger,
      rsshubUrl: "https://rsshub.example.com",
      concurrency: 2,
      perHost: 1,
      stopGraceMs: 300,
      // The first feed refreshes at once (its next check moves an hour on); the second hangs;
      // the other three wait for a free slot.
      refresh: async (feed: FeedRow) => {
        started++;
        if (started === 1) {
          await t.deps.db.update(feeds).set({ nextCheckAt: later, checkedAt: new Date() }).where(eq(feeds.id, feed.id));
          firstStarted();
          return { status: "not-modified" };
        }
        return new Promise(() => {});
      },
    });
    scheduler.start();
    await firstUnderWay;
    await new Promise((resolve) => setTimeout(resolve, 100));
    const startedAt = Date.now();
    await scheduler.stop();
    expect(Date.now() - startedAt).toBeLessThan(2000);

    const rows = await t.deps.db.select({ id: feeds.id, nextCheckAt: feeds.nextCheckAt, checkedAt: feeds.checkedAt }).from(feeds).where(inArray(feeds.id, ids));
    const refreshed = rows.filter((row) => row.checkedAt !== null);
    expect(refreshed).toHaveLength(1);
    expect(refreshed[0]!.nextCheckAt.getTime()).toBe(later.getTime());
    // The hung one and the three waiting: due again now, not held for the rest of their lease.
    const givenBack = rows.filter((row) => row.checkedAt === null);
    expect(givenBack).toHaveLength(4);
    for (const row of givenBack) expect(row.nextCheckAt.getTime()).toBeLessThanOrEqual(Date.now());
  });
});
