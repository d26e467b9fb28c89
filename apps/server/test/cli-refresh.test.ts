import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import type { ActionRule, TimelineItem } from "@tidings/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiAs, type Api } from "./helpers/api.ts";
import { createTestApp, signUp, type TestApp } from "./helpers/app.ts";
import { rssFeed, startFeedServer, type FeedServer } from "./helpers/feed-server.ts";

// `cli refresh` stores what it fetches as the server's own refresh does: readers' rules apply
// (a blocked entry never reaches its reader, a starred one is starred) and the rest of what a
// refresh does after storing is queued.

const CLI = fileURLToPath(new URL("../src/cli.ts", import.meta.url));

function refresh(databaseUrl: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const { DATABASE_URL: _inherited, ...env } = process.env;
  const child = spawn(process.execPath, [CLI, "refresh", "--all"], {
    env: { ...env, DATABASE_URL: databaseUrl, PRIVATE_NETWORKS_FOR: "everyone", LOG_LEVEL: "warn", AUTH_SECRET: "test-secret-".padEnd(40, "x") },
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.on("exit", (code) => resolve({ code, stdout, stderr })));
}

describe("cli refresh", () => {
  let feeds: FeedServer;
  let t: TestApp;
  let ann: Api;

  beforeAll(async () => {
    feeds = await startFeedServer();
    t = await createTestApp({ PRIVATE_NETWORKS_FOR: "everyone" });
    ann = apiAs(t, (await signUp(t, { email: "ann@example.com" })).cookie);
  });
  afterAll(async () => {
    await t.close();
    await feeds.close();
  });

  it("applies the readers' rules to what it stores: blocked entries never arrive, starred ones are starred", async () => {
    feeds.set("/news.xml", { body: rssFeed({ title: "News", items: [{ guid: "a", title: "Weather today" }] }) });
    expect((await ann.post("/subscriptions", { url: feeds.url("/news.xml"), view: 0 })).status).toBe(200);
    const rules: ActionRule[] = [
      { name: "No ads", condition: [[{ field: "entry_title", operator: "contains", value: "sponsored" }]], result: { block: true } },
      { name: "Rust", condition: [[{ field: "entry_title", operator: "contains", value: "rust" }]], result: { star: true } },
    ];
    expect((await ann.put("/actions", { rules })).status).toBe(200);

    feeds.set("/news.xml", {
      body: rssFeed({ title: "News", items: [{ guid: "c", title: "Sponsored: buy now" }, { guid: "b", title: "Rust 2.0 released" }, { guid: "a", title: "Weather today" }] }),
    });
    const run = await refresh(t.database.url!);
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout.trim().split("\n").pop()!)).toMatchObject({ failed: 0 });

    const timeline = (await ann.post<TimelineItem[]>("/entries", { view: 0, limit: 20 })).body.data!;
    expect(timeline.map((item) => item.entries.title)).toEqual(["Rust 2.0 released", "Weather today"]);
    const starred = (await ann.post<TimelineItem[]>("/entries", { view: 0, limit: 20, isCollection: true })).body.data!;
    expect(starred.map((item) => item.entries.title)).toEqual(["Rust 2.0 released"]);
  });
});
