import { sql } from "drizzle-orm";
import { rowsOf } from "../../src/db/client.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { webhookDeliveries } from "../../src/db/schema/index.ts";
import type { FeedRow } from "../../src/features/feeds/index.ts";
import { createTestApp, signUp, type TestApp } from "../helpers/app.ts";
import { rssFeed, startFeedServer, type FeedServer } from "../helpers/feed-server.ts";
import { freePort } from "../helpers/free-port.ts";
import { insertUser, subscribeToFeed } from "../helpers/users.ts";
import { scrape, valueOf, type Sample } from "./scrape.ts";

const TOKEN = "metrics-token-0123456789";
let t: TestApp;
let server: FeedServer;
let userId: string;

beforeAll(async () => {
  server = await startFeedServer();
  t = await createTestApp({ PRIVATE_NETWORKS_FOR: "everyone", FETCH_TIMEOUT_SECONDS: "2", METRICS_TOKEN: TOKEN });
  userId = await insertUser(t.deps.db, t.deps.ids);
});
afterAll(async () => {
  await t.close();
  await server.close();
});

const refresh = async (feedId: string) => t.deps.refreshFeed((await t.deps.feedsRepo.findById(feedId)) as FeedRow);
const requests = (samples: Sample[], labels: Record<string, string>) => valueOf(samples, "tidings_http_requests_total", labels) ?? 0;
const refreshes = (samples: Sample[], outcome: string) => valueOf(samples, "tidings_feed_refreshes_total", { outcome }) ?? 0;

describe("/metrics", () => {
  it("counts requests by route pattern, refreshes by outcome, and the queues at scrape time", async () => {
    // Work waiting before the first scrape: two feeds due (never fetched), a webhook to send, a search document to rewrite.
    server.set("/ok.xml", { etag: '"v1"', body: rssFeed({ title: "Ok", items: [{ guid: "o1", title: "One" }, { guid: "o2", title: "Two" }] }) });
    const okFeed = await subscribeToFeed(t.deps.db, t.deps.ids, userId, server.url("/ok.xml"));
    await subscribeToFeed(t.deps.db, t.deps.ids, userId, server.url("/due-1.xml"));
    await subscribeToFeed(t.deps.db, t.deps.ids, userId, server.url("/due-2.xml"));
    expect(await refresh(okFeed)).toMatchObject({ status: "updated", inserted: 2 });
    // Of the two entries waiting for their search documents, one is indexed, then its document made old.
    expect(await t.deps.searchIndexer.indexBacklog(1)).toBe(1);
    await t.deps.db.execute(sql`UPDATE entry_search SET version = 1 WHERE entry_id IN (SELECT id FROM entries WHERE feed_id = ${okFeed})`);
    await t.deps.db.insert(webhookDeliveries).values({ id: t.deps.ids.next(), userId, rule: "r", url: "https://hooks.example.com/", payload: "{}" });
    // A job nobody runs, due now (besides any periodic ones the jobs queued for themselves).
    await t.deps.db.execute(sql`INSERT INTO jobs (kind, dedupe_key) VALUES ('metrics-test', 'one')`);
    const jobsDue = async () => Number(rowsOf<{ n: number }>(await t.deps.db.execute(sql`SELECT count(*)::int AS n FROM jobs WHERE status = 'pending' AND run_at <= now()`))[0]!.n);
    const dueJobs = await jobsDue();
    expect(dueJobs).toBeGreaterThanOrEqual(1);

    const before = await scrape(t, TOKEN);
    expect(valueOf(before, "tidings_queue_depth", { queue: "jobs_due" })).toBe(dueJobs);
    expect(valueOf(before, "tidings_queue_depth", { queue: "feeds_due" })).toBe(2);
    expect(valueOf(before, "tidings_queue_depth", { queue: "webhooks_pending" })).toBe(1);
    expect(valueOf(before, "tidings_queue_depth", { queue: "search_reindex" })).toBe(1);
    expect(valueOf(before, "tidings_queue_depth", { queue: "search_index" })).toBe(1);
    expect(refreshes(before, "ok")).toBe(1);

    // Requests: three of a fixed route, two of a route with an id, one no route answers.
    for (let i = 0; i < 3; i++) expect((await t.request("/api/health")).status).toBe(200);
    const fileIds = ["7301234567890123456", "7301234567890123457"];
    for (const id of fileIds) await t.request(`/api/files/${id}`);
    expect((await t.request("/api/no-such-thing/12345")).status).toBe(404);
    const { cookie } = await signUp(t, { email: "metrics@example.com" });
    expect((await t.request("/api/subscriptions", { cookie })).status).toBe(200);

    // Refreshes: not modified, HTTP error, not a feed, a host that refuses connections.
    expect(await refresh(okFeed)).toEqual({ status: "not-modified" });
    server.set("/gone.xml", { status: 404, body: "gone" });
    expect(await refresh(await subscribeToFeed(t.deps.db, t.deps.ids, userId, server.url("/gone.xml")))).toMatchObject({ status: "failed" });
    server.set("/page.html", { headers: { "content-type": "text/html" }, body: "<html><body>no feed here</body></html>" });
    expect(await refresh(await subscribeToFeed(t.deps.db, t.deps.ids, userId, server.url("/page.html")))).toMatchObject({ status: "failed" });
    expect(await refresh(await subscribeToFeed(t.deps.db, t.deps.ids, userId, `http://127.0.0.1:${await freePort()}/closed.xml`))).toMatchObject({ status: "failed" });

    const after = await scrape(t, TOKEN);
    expect(requests(after, { method: "GET", route: "/api/health", status: "2xx" }) - requests(before, { method: "GET", route: "/api/health", status: "2xx" })).toBe(3);
    expect(valueOf(after, "tidings_http_request_duration_seconds_count", { method: "GET", route: "/api/health", status: "2xx" })).toBe(requests(after, { method: "GET", route: "/api/health", status: "2xx" }));
    expect(valueOf(after, "tidings_http_request_duration_seconds_bucket", { route: "/api/health", le: "+Inf" })).toBeGreaterThanOrEqual(3);
    expect(requests(after, { method: "GET", route: "/api/files/:id" })).toBe(2);
    expect(requests(after, { method: "GET", route: "/api/subscriptions", status: "2xx" })).toBe(1);
    expect(requests(after, { method: "POST", route: "/api/better-auth/*", status: "2xx" })).toBe(1);
    expect(requests(after, { method: "GET", route: "/api/*", status: "4xx" })).toBeGreaterThanOrEqual(1);
    // The scrape itself, the first one counted once it answered.
    expect(requests(after, { method: "GET", route: "/metrics", status: "2xx" })).toBe(1);

    // No raw path in a route label: every one is a pattern the code registered.
    const routes = new Set(after.filter((sample) => sample.name === "tidings_http_requests_total").map((sample) => sample.labels.route!));
    for (const route of routes) {
      expect(route).not.toMatch(/\d{5,}/);
      expect(route).not.toContain("no-such-thing");
    }
    expect(after.some((sample) => Object.values(sample.labels).some((value) => fileIds.some((id) => value.includes(id))))).toBe(false);

    expect(refreshes(after, "ok")).toBe(1);
    expect(refreshes(after, "not_modified")).toBe(1);
    expect(refreshes(after, "error_http")).toBe(1);
    expect(refreshes(after, "error_parse")).toBe(1);
    expect(refreshes(after, "error_fetch")).toBe(1);
    expect(valueOf(after, "tidings_feed_refresh_duration_seconds_count", { outcome: "ok" })).toBe(1);
    expect(valueOf(after, "tidings_feed_refresh_duration_seconds_sum", { outcome: "ok" })).toBeGreaterThan(0);

    // The queues are counted at most every few seconds: the same values, though a due feed was refreshed since.
    expect(valueOf(after, "tidings_queue_depth", { queue: "feeds_due" })).toBe(2);

    // The process: event-loop lag and memory, under the usual Node.js names.
    expect(valueOf(after, "nodejs_eventloop_lag_seconds")).toBeGreaterThanOrEqual(0);
    expect(valueOf(after, "process_resident_memory_bytes")).toBeGreaterThan(0);
    expect(valueOf(after, "nodejs_heap_size_used_bytes")).toBeGreaterThan(0);

    // The database's connections: PostgreSQL's pool.
    expect(valueOf(after, "tidings_db_pool_clients", { state: "total" })).toBeGreaterThanOrEqual(1);
    expect(valueOf(after, "tidings_db_pool_clients", { state: "idle" })).toBeGreaterThanOrEqual(0);
    expect(valueOf(after, "tidings_db_pool_clients", { state: "waiting" })).toBe(0);
  });

  it("is the Prometheus text format", async () => {
    const response = await t.app.request("/metrics", { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(response.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await response.text();
    expect(text).toContain("# TYPE tidings_http_request_duration_seconds histogram");
    expect(text).toContain("# TYPE tidings_feed_refreshes_total counter");
    expect(text).toContain("# TYPE tidings_queue_depth gauge");
  });
});
