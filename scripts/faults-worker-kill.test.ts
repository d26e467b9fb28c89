// Fault: a refresh worker is killed with SIGKILL while it holds claimed feeds. A scratch database
// (on a PostgreSQL the test starts from the embedded binaries, or TEST_DATABASE_URL's), an API
// process (SCHEDULER=false) where a reader imports an OPML of slow feeds (due at once, none
// fetched), and two workers refreshing them. Worker A holds its
// claims on a 30 s lease, worker B on a 10 s one (each renewed every third of it while the worker
// lives), so at any moment A's claims end later than B's and the test can tell them apart. A is
// killed mid-refresh: the feeds it held are fetched again by B once their lease ends, long before
// their next cycle (10 min at the least), every other feed is fetched exactly once, every item
// served is stored once and none is lost.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { type DatabaseHandle, openDatabase, rowsOf } from "@tidings/server";
import { rssFeed, startFeedServer, type FeedServer } from "@tidings/server/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROOT } from "./web-build.ts";
import { duplicateEntries } from "./faults/consistency.ts";
import { isRunning, killHard, type Proc, startProcess, waitFor } from "./faults/processes.ts";
import { signUp } from "./faults/reader.ts";
import { createScratchDatabase, type ScratchDatabase } from "./faults/scratch-database.ts";
import { AUTH_SECRET, type ServerProc, startServer, untilReady } from "./faults/server.ts";

const FEEDS = 80;
const LATENCY_MS = 1500;
const LEASE_A_S = 30;
const LEASE_B_S = 10;
const WORKER = path.join(ROOT, "apps/server/src/worker.ts");
const itemsOf = (f: number) => 5 + (f % 11);

describe("kill -9 a refresh worker mid-refresh", () => {
  let scratch: ScratchDatabase | null = null;
  let feeds: FeedServer | null = null;
  let api: ServerProc | null = null;
  const workers: Proc[] = [];
  let dataDir = "";
  let database: DatabaseHandle | null = null;

  beforeAll(async () => {
    scratch = await createScratchDatabase("tidings_faults_worker");
    dataDir = await mkdtemp(path.join(tmpdir(), "tidings-faults-worker-"));
    feeds = await startFeedServer();
    for (let f = 0; f < FEEDS; f++) {
      const body = rssFeed({ title: `Slow ${f}`, items: Array.from({ length: itemsOf(f) }, (_, i) => ({ guid: `s${f}-${i}`, title: `Slow ${f} item ${i}` })) });
      feeds.set(`/slow/${f}.xml`, { handle: (_request, response) => void setTimeout(() => response.writeHead(200, { "content-type": "application/rss+xml" }).end(body), LATENCY_MS) });
    }
    api = await startServer("api", { DATABASE_URL: scratch.url, SCHEDULER: "false", DATA_DIR: path.join(dataDir, "api") });
    await untilReady(api);
  }, 90_000);

  afterAll(async () => {
    for (const proc of [...workers, api]) if (proc) await killHard(proc);
    await database?.close().catch(() => {});
    await feeds?.close();
    await scratch?.drop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  }, 60_000);

  it("has the killed worker's feeds fetched again by the other within one lease, nothing stored twice or lost", async () => {
    const reader = await signUp(api!.base, "worker-kill@example.com");
    const outlines = Array.from({ length: FEEDS }, (_, f) => `<outline type="rss" text="Slow ${f}" xmlUrl="${feeds!.url(`/slow/${f}.xml`)}"/>`).join("");
    const form = new FormData();
    form.set("file", new File([`<?xml version="1.0"?><opml version="2.0"><head><title>Slow</title></head><body>${outlines}</body></opml>`], "slow.opml", { type: "text/x-opml" }));
    const imported = await reader.post("/subscriptions/import", form);
    expect(imported.status, await imported.clone().text()).toBe(200);
    database = await openDatabase({ kind: "postgres", url: scratch!.url, maxConnections: 2 });
    const db = database.db;
    const one = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await db.execute(query))[0]!;
    expect(await one<{ n: number }>(sql`SELECT count(*)::int AS n FROM feeds WHERE checked_at IS NULL`)).toEqual({ n: FEEDS });

    const common = { DATABASE_URL: scratch!.url, AUTH_SECRET, LOG_LEVEL: "warn", PRIVATE_NETWORKS_FOR: "everyone", SHARED_PRIVATE_ADDRESSES: "127.0.0.1", FETCH_CONCURRENCY: "4", FETCH_PER_HOST: "4", FETCH_READ_THREADS: "0" };
    const workerB = startProcess("worker-b", process.execPath, [WORKER], { ...common, WORKER_ID: "2", FETCH_LEASE_SECONDS: String(LEASE_B_S), DATA_DIR: path.join(dataDir, "b") });
    const workerA = startProcess("worker-a", process.execPath, [WORKER], { ...common, WORKER_ID: "3", FETCH_LEASE_SECONDS: String(LEASE_A_S), DATA_DIR: path.join(dataDir, "a") });
    workers.push(workerA, workerB);

    // Mid-refresh: some feeds stored, and A holds claims (leases ending later than any of B's can).
    const heldByA = async (now: number) =>
      rowsOf<{ id: string }>(
        await db.execute(sql`SELECT id::text AS id FROM feeds WHERE checked_at IS NULL AND next_check_at > ${new Date(now + ((LEASE_A_S + LEASE_B_S) / 2) * 1000).toISOString()}::timestamptz`),
      ).map((row) => row.id);
    await waitFor(
      "worker A to hold claims mid-refresh",
      async () => (await one<{ n: number }>(sql`SELECT count(*)::int AS n FROM feeds WHERE checked_at IS NOT NULL`)).n >= 8 && (await heldByA(Date.now())).length >= 4,
      { watch: [workerA, workerB], timeoutMs: 60_000 },
    );
    await killHard(workerA);
    const killedAt = Date.now();
    const held = await heldByA(killedAt);
    expect(held.length).toBeGreaterThanOrEqual(4);
    const urlOf = new Map(rowsOf<{ id: string; url: string }>(await db.execute(sql`SELECT id::text AS id, url FROM feeds`)).map((row) => [row.id, row.url]));
    const heldPaths = new Set(held.map((id) => new URL(urlOf.get(id)!).pathname));
    const hitsAtKill = new Map([...heldPaths].map((pathname) => [pathname, feeds!.hits(pathname)]));

    // B refreshes everything left, A's feeds once their lease ends.
    await waitFor("every feed to be refreshed", async () => (await one<{ n: number }>(sql`SELECT count(*)::int AS n FROM feeds WHERE checked_at IS NULL`)).n === 0, {
      watch: [workerB],
      timeoutMs: (LEASE_A_S + 30) * 1000,
    });
    const takenUp = rowsOf<{ at: string }>(await db.execute(sql`SELECT max(checked_at)::text AS at FROM feeds WHERE id::text IN (${sql.join(held.map((id) => sql`${id}`), sql`, `)})`))[0]!;
    const takenUpMs = new Date(takenUp.at).getTime() - killedAt;
    console.log(`worker kill -9: worker A held ${held.length} of ${FEEDS} feeds when killed; worker B had fetched and stored them all ${(takenUpMs / 1000).toFixed(1)} s later (lease ${LEASE_A_S} s; default FETCH_LEASE_SECONDS 120 s, shortest cycle 10 min)`);
    expect(takenUpMs).toBeLessThan((LEASE_A_S + 15) * 1000);
    expect(isRunning(workerB)).toBe(true);

    // Each feed A held was fetched by B after the kill (again, when A's fetch had begun: at most
    // twice in all); every other feed exactly once.
    for (let f = 0; f < FEEDS; f++) {
      const pathname = `/slow/${f}.xml`;
      if (heldPaths.has(pathname)) {
        expect(feeds!.hits(pathname), pathname).toBe(hitsAtKill.get(pathname)! + 1);
        expect(feeds!.hits(pathname), pathname).toBeLessThanOrEqual(2);
      } else expect(feeds!.hits(pathname), pathname).toBe(1);
    }
    // Every item served stored once: entries per feed equal the items of its document.
    const counts = rowsOf<{ url: string; n: number }>(await db.execute(sql`SELECT f.url, count(e.id)::int AS n FROM feeds f LEFT JOIN entries e ON e.feed_id = f.id GROUP BY f.url`));
    expect(counts).toHaveLength(FEEDS);
    for (const { url, n } of counts) expect(n, url).toBe(itemsOf(Number(/(\d+)\.xml$/.exec(url)![1])));
    expect(await duplicateEntries(db)).toEqual([]);
    // And the reader sees them all, counted right.
    const unread = (await (await reader.call("GET", "/reads")).json()) as { data: Record<string, number> };
    expect(Object.values(unread.data).reduce((sum, n) => sum + n, 0)).toBe(Array.from({ length: FEEDS }, (_, f) => itemsOf(f)).reduce((sum, n) => sum + n, 0));
  }, 150_000);
});
