// The daily AI reports' scheduling (features/ai/daily-scheduler.ts) through the real app and
// database, against a local server speaking the OpenAI protocol: the last ended window's report is
// made for readers who opened one, once, however many processes schedule and run it.

import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "../../src/db/client.ts";
import { lastEndedWindowStart } from "../../src/features/ai/daily-window.ts";
import { type OpenAiTestServer, startOpenAiTestServer } from "../../src/lib/ai/openai-test-server.ts";
import { createRoot } from "../../src/root.ts";
import { apiAs } from "../helpers/api.ts";
import { createTestApp, signUp, type TestApp } from "../helpers/app.ts";
import { seedFeed } from "../helpers/seed.ts";

let server: OpenAiTestServer;
beforeAll(async () => {
  server = await startOpenAiTestServer();
});
afterAll(async () => server.close());

let t: TestApp;
afterEach(async () => t?.close());

async function reader(env: Record<string, string>, email = "ann@example.com") {
  t = await createTestApp(env);
  const { cookie, userId } = await signUp(t, { email });
  return { api: apiAs(t, cookie), userId };
}

const withProvider = () => ({ AI_BASE_URL: server.url, AI_MODEL: "test-model" });
const chatCalls = () => server.requests.filter((request) => request.path === "/v1/chat/completions").length;

describe("the scheduler's daily reports", () => {
  it("makes the last ended window's report for readers who opened one", async () => {
    const { api, userId } = await reader(withProvider());
    const start = lastEndedWindowStart(Date.now(), "Asia/Tokyo");
    await seedFeed(t, { userId, count: 5, newest: new Date(start + 30 * 60_000) });
    await api.get(`/ai/daily?view=0&startDate=${Date.now() - 60_000}&tz=Asia/Tokyo&language=ja`);
    const before = chatCalls();
    expect(await t.deps.ai.dailyScheduler.runScheduled()).toBe(1);
    expect(chatCalls()).toBe(before + 1);
    const report = await api.get<string>(`/ai/daily?view=0&startDate=${start}&tz=Asia/Tokyo`);
    expect(report.body.data).toMatch(/^Summary: \[1\] Entry 0/);
    expect(await t.deps.ai.dailyScheduler.runScheduled()).toBe(0);
    expect(chatCalls()).toBe(before + 1);
  });

  it("makes a reader's report once when two processes schedule and run it at the same time, and the jobs run in any process", async () => {
    const { api, userId } = await reader(withProvider());
    const start = lastEndedWindowStart(Date.now(), "Europe/Paris");
    await seedFeed(t, { userId, count: 3, newest: new Date(start + 30 * 60_000) });
    await api.get(`/ai/daily?view=0&startDate=${Date.now() - 60_000}&tz=Europe/Paris&language=en`);
    // A second process on the same database: its own composition root, its own job runners.
    const second = createRoot({ config: t.deps.config, logger: t.deps.logger, database: t.database, authSecret: t.deps.secret });
    try {
      const before = chatCalls();
      const made = await Promise.all([t.deps.ai.dailyScheduler.runScheduled(), second.ai.dailyScheduler.runScheduled()]);
      expect(made.reduce((x, y) => x + y)).toBe(1);
      expect(await Promise.all([second.ai.dailyScheduler.runScheduled(), t.deps.ai.dailyScheduler.runScheduled()])).toEqual([0, 0]);
      expect(chatCalls()).toBe(before + 1);
      const jobs = rowsOf<{ status: string; dedupe_key: string }>(await t.deps.db.execute(sql`SELECT status, dedupe_key FROM jobs WHERE kind = 'ai-daily'`));
      expect(jobs).toEqual([{ status: "done", dedupe_key: `${userId}:0:${start}` }]);
      // The job is the worker's too now: a started scheduler in either process makes nothing more.
      second.jobs.find((job) => job.name === "ai-daily")!.start();
      await new Promise((resolve) => setTimeout(resolve, 200));
      await second.jobs.find((job) => job.name === "ai-daily")!.stop();
      expect(chatCalls()).toBe(before + 1);
    } finally {
      await second.feedReaders.close();
      second.network.close();
      await (second as { rateCounter?: { close(): Promise<void> } }).rateCounter?.close();
    }
  });
});
