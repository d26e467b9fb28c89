import { readdirSync, readFileSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFeedServer, type FeedServer } from "../helpers/feed-server.ts";
import { api, cleanUp, makeDataDir, type ServerProcess, signUp, startServer, stopServer, waitReady, WEB_URL } from "../embedded/server-process.ts";

const rss = (items: number) =>
  `<?xml version="1.0"?><rss version="2.0"><channel><title>Thread feed</title><link>http://example.com/</link>` +
  Array.from({ length: items }, (_, i) => `<item><title>Item ${i}</title><link>http://example.com/${i}</link><guid>thread-${i}</guid><description>Body ${i}</description></item>`).join("") +
  `</channel></rss>`;

/** The names of a process's threads (Linux). */
const threadNames = (pid: number) => readdirSync(`/proc/${pid}/task`).map((task) => readFileSync(`/proc/${pid}/task/${task}/comm`, "utf8").trim());

/**
 * `npm start` runs its background jobs in a thread of their own (jobs-thread.ts): what the server
 * asks of them (an import's feeds are due now) reaches them there at once, the refreshes they do
 * are counted in the server's /metrics, and a SIGTERM stops them and the server with exit 0.
 */
describe("npm start's background jobs thread", () => {
  const servers: ServerProcess[] = [];
  let dataDir: string;
  let server: ServerProcess;
  let feeds: FeedServer;

  beforeAll(async () => {
    feeds = await startFeedServer();
    feeds.set("/thread.xml", { body: rss(3), headers: { "content-type": "application/rss+xml" } });
    dataDir = await makeDataDir("jobs-thread");
    server = await startServer(dataDir, { PRIVATE_NETWORKS_FOR: "everyone", JOBS_THREAD: "true" });
    servers.push(server);
    await waitReady(server);
    for (let waited = 0; !server.logLines().some((line) => line.msg === "background jobs started in a thread of their own"); waited += 100) {
      if (waited > 20_000) throw new Error(`the jobs thread did not start:\n${server.output()}`);
      await sleep(100);
    }
    // Its loops have looked at their queues (nothing due) and sleep.
    await sleep(1000);
  }, 90_000);

  afterAll(async () => {
    await cleanUp(servers, dataDir ? [dataDir] : []);
    await feeds?.close();
  }, 60_000);

  it.runIf(process.platform === "linux")("runs them in a thread named jobs", () => {
    expect(threadNames(server.child.pid!)).toContain("jobs");
  });

  it("refreshes an imported feed at once, woken across threads, and counts it in the server's /metrics", async () => {
    const { cookie } = await signUp(server, "thread@example.com");
    const form = new FormData();
    form.set("file", `<?xml version="1.0"?><opml version="2.0"><body><outline type="rss" text="T" xmlUrl="${feeds.url("/thread.xml")}"/></body></opml>`);
    const imported = await fetch(`${server.url}/api/subscriptions/import`, { method: "POST", headers: { cookie, origin: WEB_URL }, body: form });
    expect(imported.status).toBe(200);
    // The thread's refresh loop sleeps up to 30 s when nothing is due: only the wake brings it now.
    const started = Date.now();
    await expect
      .poll(async () => ((await (await api(server, "/api/entries", { cookie, json: { view: 0, limit: 20 } })).json()) as { data: unknown[] }).data.length, { timeout: 10_000, interval: 200 })
      .toBe(3);
    expect(Date.now() - started).toBeLessThan(10_000);
    const metrics = await (await fetch(`${server.url}/metrics`)).text();
    expect(metrics).toMatch(/^tidings_feed_refreshes_total\{outcome="ok"\} [1-9]/m);
  }, 30_000);

  it("stops with the server on SIGTERM: exit 0, nothing logged as failed", async () => {
    const { code } = await stopServer(server);
    expect(code).toBe(0);
    expect(server.logLines().filter((line) => (line.level ?? 0) >= 50)).toEqual([]);
    expect(server.output()).not.toContain("jobs' thread ended");
  }, 40_000);
});
