import { type ChildProcess, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { isNull, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { feeds } from "../../src/db/schema/index.ts";
import { createTestApp, type TestApp } from "../helpers/app.ts";
import { rssFeed, startFeedServer, type FeedServer } from "../helpers/feed-server.ts";
import { insertUser, subscribeToFeed } from "../helpers/users.ts";

const WORKER = fileURLToPath(new URL("../../src/worker.ts", import.meta.url));
const FEEDS = 80;

describe("two worker processes on one PostgreSQL", () => {
  let t: TestApp;
  let server: FeedServer;
  const workers: ChildProcess[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    server = await startFeedServer();
  });
  afterAll(async () => {
    for (const worker of workers) worker.kill("SIGKILL");
    await server.close();
    await t.close();
  });

  it("fetch every due feed exactly once between them", async () => {
    const userId = await insertUser(t.deps.db, t.deps.ids);
    for (let i = 0; i < FEEDS; i++) {
      const path = `/w${i}.xml`;
      // A little latency, so that both workers are busy at the same time.
      server.set(path, {
        handle: (_request, response) =>
          setTimeout(() => response.writeHead(200, { "content-type": "application/rss+xml" }).end(rssFeed({ items: [{ guid: `w${i}`, title: `W${i}` }] })), 30),
      });
      await subscribeToFeed(t.deps.db, t.deps.ids, userId, server.url(path));
    }
    for (let i = 0; i < 2; i++) {
      workers.push(
        spawn(process.execPath, [WORKER], {
          env: {
            ...process.env,
            DATABASE_URL: t.database.url!,
            PRIVATE_NETWORKS_FOR: "everyone",
            FETCH_CONCURRENCY: "6",
            FETCH_PER_HOST: "6",
            WORKER_ID: String(100 + i),
            LOG_LEVEL: process.env.WORKER_LOG_LEVEL ?? "warn",
          },
          stdio: ["ignore", "inherit", "inherit"],
        }),
      );
    }
    const deadline = Date.now() + 40_000;
    while (Date.now() < deadline) {
      const [row] = await t.deps.db.select({ left: sql<number>`count(*)::int` }).from(feeds).where(isNull(feeds.checkedAt));
      if (Number(row!.left) === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    // Give any double fetch time to show up before counting.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const hits = Array.from({ length: FEEDS }, (_, i) => server.hits(`/w${i}.xml`));
    expect(hits.filter((count) => count !== 1)).toEqual([]);
    const byWorker = await t.deps.db.execute(sql`SELECT count(*)::int AS n FROM entries`);
    expect((byWorker as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(FEEDS);
    await Promise.all(
      workers.map(
        (worker) =>
          new Promise<void>((resolve) => {
            worker.once("exit", () => resolve());
            worker.kill("SIGTERM");
          }),
      ),
    );
  });
});
