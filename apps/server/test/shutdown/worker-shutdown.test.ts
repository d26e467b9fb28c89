import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { fileURLToPath } from "node:url";
import { isNotNull, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { feeds } from "../../src/db/schema/index.ts";
import { createTestApp, type TestApp } from "../helpers/app.ts";
import { rssFeed, startFeedServer, type FeedServer } from "../helpers/feed-server.ts";
import { insertUser, subscribeToFeed } from "../helpers/users.ts";

const WORKER = fileURLToPath(new URL("../../src/worker.ts", import.meta.url));
const FEEDS = 12;

describe("npm run worker, on SIGTERM", () => {
  let t: TestApp;
  let server: FeedServer;
  let worker: ChildProcess | null = null;

  beforeAll(async () => {
    t = await createTestApp();
    server = await startFeedServer();
  });
  afterAll(async () => {
    if (worker?.exitCode === null) worker.kill("SIGKILL");
    await server.close();
    await t.close();
  });

  it("gives back the feeds it claimed and has not refreshed: due again at once, for another worker", async () => {
    const userId = await insertUser(t.deps.db, t.deps.ids);
    for (let i = 0; i < FEEDS; i++) {
      // One host, one fetch at a time, each taking a second: the worker claims a batch of ten
      // and has one of them under way when the signal comes.
      server.set(`/s${i}.xml`, {
        handle: (_request, response) =>
          setTimeout(() => response.writeHead(200, { "content-type": "application/rss+xml" }).end(rssFeed({ items: [{ guid: `s${i}`, title: `S${i}` }] })), 1000),
      });
      await subscribeToFeed(t.deps.db, t.deps.ids, userId, server.url(`/s${i}.xml`));
    }
    worker = spawn(process.execPath, [WORKER], {
      env: { ...process.env, DATABASE_URL: t.database.url!, PRIVATE_NETWORKS_FOR: "everyone", FETCH_CONCURRENCY: "1", FETCH_PER_HOST: "1", LOG_LEVEL: process.env.WORKER_LOG_LEVEL ?? "warn" },
      stdio: ["ignore", "inherit", "inherit"],
    });
    const hits = () => Array.from({ length: FEEDS }, (_, i) => server.hits(`/s${i}.xml`)).reduce((a, b) => a + b, 0);
    const deadline = Date.now() + 30_000;
    while (hits() === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(hits()).toBe(1);
    // Claimed: held by the worker's lease (FETCH_LEASE_SECONDS, 2 minutes), not due.
    const leased = await t.deps.db.select({ n: sql<number>`count(*)::int` }).from(feeds).where(sql`${feeds.nextCheckAt} > now() + interval '1 minute'`);
    expect(Number(leased[0]!.n)).toBe(10);

    const exited = once(worker, "exit") as Promise<[number | null, NodeJS.Signals | null]>;
    const signalledAt = Date.now();
    worker.kill("SIGTERM");
    const [code, signal] = await exited;
    expect({ code, signal }).toEqual({ code: 0, signal: null });
    // The fetch under way finished (it had grace); nothing waited for the nine others.
    expect(Date.now() - signalledAt).toBeLessThan(8000);
    expect(hits()).toBe(1);

    const rows = await t.deps.db.select({ checkedAt: feeds.checkedAt, due: sql<boolean>`${feeds.nextCheckAt} <= now()` }).from(feeds);
    expect(rows.filter((row) => row.checkedAt !== null)).toHaveLength(1);
    // Every feed not refreshed is due now, none held by the lease of a worker that is gone.
    expect(rows.filter((row) => row.checkedAt === null && !row.due)).toEqual([]);
    const refreshed = await t.deps.db.select({ n: sql<number>`count(*)::int` }).from(feeds).where(isNotNull(feeds.checkedAt));
    expect(Number(refreshed[0]!.n)).toBe(1);
  });
});
