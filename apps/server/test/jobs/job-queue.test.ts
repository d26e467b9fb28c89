// The shared way of claiming, retrying and backing off (lib/claim-loop.ts over db/job-queue.ts), on
// both databases: two runners ("processes") never run one job twice, a crashed runner's job comes
// back after its lease, a failing job backs off per its schedule and is given up with its error,
// stop() gives back what was claimed and not started, and a dedupe key makes a second enqueue a no-op.

import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type Database, type DatabaseHandle, openDatabase, rowsOf } from "../../src/db/client.ts";
import { createJobQueue, createJobRunner, type JobRunner } from "../../src/db/job-queue.ts";
import type { RetrySchedule } from "../../src/lib/claim-loop.ts";
import { createLogger } from "../../src/lib/logger.ts";
import { openTestDatabase } from "../helpers/database.ts";

const logger = createLogger({ level: process.env.TEST_LOG_LEVEL ?? "silent" });
const NO_RETRY: RetrySchedule = { attempts: 1, firstMs: 1000, factor: 2, maxMs: 10_000, jitter: 0 };

let database: Awaited<ReturnType<typeof openTestDatabase>>;
/** A second "process": its own connection pool on PostgreSQL (PGlite has one connection, shared). */
let other: DatabaseHandle | null = null;
let otherDb: Database;

beforeAll(async () => {
  database = await openTestDatabase();
  other = database.url ? await openDatabase({ kind: "postgres", url: database.url }) : null;
  otherDb = other?.db ?? database.db;
});
afterAll(async () => {
  await other?.close();
  await database.close();
});
beforeEach(async () => {
  await database.db.execute(sql`DELETE FROM jobs`);
});

/** A clock tests move by hand. */
function manualClock(start = Date.parse("2026-03-01T12:00:00Z")) {
  let now = start;
  return { now: () => new Date(now), advance: (ms: number) => (now += ms) };
}

interface JobRow {
  id: string;
  status: string;
  attempts: number;
  run_at: Date;
  leased_by: string | null;
  leased_until: Date | null;
  last_error: string | null;
  finished_at: Date | null;
}
async function jobsOf(kind: string): Promise<JobRow[]> {
  return rowsOf<JobRow>(
    await database.db.execute(sql`SELECT id::text, status, attempts, run_at, leased_by, leased_until, last_error, finished_at FROM jobs WHERE kind = ${kind} ORDER BY id`),
  ).map((row) => ({
    ...row,
    attempts: Number(row.attempts),
    run_at: new Date(row.run_at),
    leased_until: row.leased_until && new Date(row.leased_until),
    finished_at: row.finished_at && new Date(row.finished_at),
  }));
}

describe("two runners on one database", () => {
  it("run each of many jobs exactly once, both taking part", async () => {
    const clock = { now: () => new Date() };
    const runs = new Map<number, number>();
    const by = { a: 0, b: 0 };
    const runner = (db: Database, name: "a" | "b") =>
      createJobRunner<{ n: number }>({
        db,
        kind: "count",
        concurrency: 4,
        pollMs: 50,
        retry: NO_RETRY,
        logger,
        clock,
        run: async ({ n }) => {
          runs.set(n, (runs.get(n) ?? 0) + 1);
          by[name]++;
          await new Promise((resolve) => setTimeout(resolve, Math.random() * 3));
        },
      });
    const [a, b] = [runner(database.db, "a"), runner(otherDb, "b")];
    const total = 300;
    await a.enqueue(database.db, Array.from({ length: total }, (_, n) => ({ payload: { n } })), clock.now());
    a.start();
    b.start();
    await expect.poll(async () => (await jobsOf("count")).filter((job) => job.status === "done").length, { timeout: 20_000 }).toBe(total);
    await Promise.all([a.stop(), b.stop()]);
    expect(runs.size).toBe(total);
    expect([...runs.values()].every((count) => count === 1)).toBe(true);
    expect(by.a + by.b).toBe(total);
    expect(by.a).toBeGreaterThan(0);
    expect(by.b).toBeGreaterThan(0);
    // Draining both at once finds nothing more to run.
    expect(await Promise.all([a.drain(), b.drain()])).toEqual([0, 0]);
  });

  it("draining at once also splits the work without a job run twice", async () => {
    const clock = { now: () => new Date() };
    const runs: number[] = [];
    const runner = (db: Database) =>
      createJobRunner<{ n: number }>({ db, kind: "drain", concurrency: 3, retry: NO_RETRY, logger, clock, run: async ({ n }) => void runs.push(n) });
    const [a, b] = [runner(database.db), runner(otherDb)];
    await a.enqueue(database.db, Array.from({ length: 100 }, (_, n) => ({ payload: { n } })), clock.now());
    const [ranA, ranB] = await Promise.all([a.drain(), b.drain()]);
    expect(ranA + ranB).toBe(100);
    expect(new Set(runs).size).toBe(100);
    expect(runs).toHaveLength(100);
  });

  it("run a periodic job once per slot, whoever looks first", async () => {
    const clock = manualClock(Date.parse("2026-03-01T12:00:00Z"));
    let ran = 0;
    const runner = (db: Database) => createJobRunner({ db, kind: "tick", everyMs: 60_000, retry: NO_RETRY, logger, clock, run: async () => void ran++ });
    const [a, b] = [runner(database.db), runner(otherDb)];
    expect((await Promise.all([a.drain(), b.drain()])).reduce((x, y) => x + y)).toBe(1);
    clock.advance(30_000);
    expect((await Promise.all([a.drain(), b.drain()])).reduce((x, y) => x + y)).toBe(0);
    clock.advance(30_000);
    expect((await Promise.all([b.drain(), a.drain()])).reduce((x, y) => x + y)).toBe(1);
    expect(ran).toBe(2);
  });
});

describe("a job whose runner crashed", () => {
  it("is run again once its lease has ended, and not before", async () => {
    const clock = manualClock();
    const ran: string[] = [];
    const crashed = createJobQueue(database.db, { owner: "crashed-process" });
    const survivor = createJobRunner<{ name: string }>({ db: otherDb, kind: "lease", retry: { ...NO_RETRY, attempts: 3 }, leaseMs: 60_000, logger, clock, run: async ({ name }) => void ran.push(name) });
    await survivor.enqueue(database.db, [{ payload: { name: "one" } }], clock.now());
    // The other process claims it (for 10 s) and dies without an outcome.
    const [claimed] = await crashed.claim("lease", clock.now(), 10, 10_000);
    expect(claimed).toMatchObject({ attempts: 1, payload: { name: "one" } });
    expect(await survivor.drain()).toBe(0);
    clock.advance(9_999);
    expect(await survivor.drain()).toBe(0);
    clock.advance(2);
    expect(await survivor.drain()).toBe(1);
    expect(ran).toEqual(["one"]);
    expect(await jobsOf("lease")).toEqual([expect.objectContaining({ status: "done", attempts: 2, leased_by: null })]);
    // The dead process's late answer changes nothing: its lease is gone.
    expect(await crashed.complete(claimed!, clock.now())).toBe(false);
    expect(await crashed.fail(claimed!, "late", clock.now(), null)).toBe(false);
    expect(await jobsOf("lease")).toEqual([expect.objectContaining({ status: "done", last_error: null })]);
  });

  it("is given up when every attempt's process died holding it, its last error kept", async () => {
    const clock = manualClock();
    const dead = createJobQueue(database.db, { owner: "dead" });
    let ran = 0;
    const runner = createJobRunner({ db: otherDb, kind: "poison", retry: { ...NO_RETRY, attempts: 2 }, logger, clock, run: async () => void ran++ });
    await runner.enqueue(database.db, [{ payload: {} }], clock.now());
    for (let i = 0; i < 2; i++) {
      expect(await dead.claim("poison", clock.now(), 1, 1000)).toHaveLength(1);
      clock.advance(1001);
    }
    expect(await runner.drain()).toBe(1);
    expect(ran).toBe(0);
    const [job] = await jobsOf("poison");
    expect(job).toMatchObject({ status: "failed", attempts: 3, last_error: expect.stringContaining("given up") });
  });
});

describe("a job that runs longer than its lease", () => {
  it("keeps it by renewing it: no other process takes it meanwhile", async () => {
    const clock = manualClock();
    const start = clock.now().getTime();
    let runs = 0;
    let finish!: () => void;
    const finished = new Promise<void>((resolve) => (finish = resolve));
    // Leases of 1.5 s, renewed every 0.5 s (real time) from the clock's time then.
    const slow = createJobRunner({ db: database.db, kind: "slow", leaseMs: 1500, retry: NO_RETRY, logger, clock, run: async () => void (runs++, await finished) });
    const other = createJobRunner({ db: otherDb, kind: "slow", retry: NO_RETRY, logger, clock, run: async () => void runs++ });
    await slow.enqueue(database.db, [{ payload: {} }], clock.now());
    const draining = slow.drain();
    await expect.poll(() => runs).toBe(1);
    clock.advance(1000);
    // A renewal after the clock moved holds it until 1 s + 1.5 s.
    await expect.poll(async () => (await jobsOf("slow"))[0]!.leased_until?.getTime()).toBe(start + 2500);
    clock.advance(1000);
    // Past the first lease's end: the other process finds nothing to take.
    expect(await other.drain()).toBe(0);
    finish();
    expect(await draining).toBe(1);
    expect(runs).toBe(1);
    expect(await jobsOf("slow")).toEqual([expect.objectContaining({ status: "done", attempts: 1 })]);
  });
});

describe("a failing job", () => {
  it("backs off per its schedule and is given up after its last attempt, with its last error kept", async () => {
    const clock = manualClock();
    const schedule: RetrySchedule = { attempts: 3, firstMs: 1000, factor: 4, maxMs: 60_000, jitter: 0 };
    let attempt = 0;
    const runner = createJobRunner({ db: database.db, kind: "failing", retry: schedule, logger, clock, run: async () => Promise.reject(new Error(`boom ${++attempt}`)) });
    await runner.enqueue(database.db, [{ payload: {} }], clock.now());
    const started = clock.now().getTime();

    expect(await runner.drain()).toBe(1);
    let [job] = await jobsOf("failing");
    expect(job).toMatchObject({ status: "pending", attempts: 1, last_error: "boom 1", leased_by: null, finished_at: null });
    expect(job!.run_at.getTime()).toBe(started + 1000);
    clock.advance(999);
    expect(await runner.drain()).toBe(0);
    clock.advance(1);
    expect(await runner.drain()).toBe(1);
    [job] = await jobsOf("failing");
    expect(job).toMatchObject({ status: "pending", attempts: 2, last_error: "boom 2" });
    expect(job!.run_at.getTime()).toBe(clock.now().getTime() + 4000);
    clock.advance(4000);
    expect(await runner.drain()).toBe(1);
    [job] = await jobsOf("failing");
    expect(job).toMatchObject({ status: "failed", attempts: 3, last_error: "boom 3", finished_at: clock.now() });
    clock.advance(24 * 60 * 60_000);
    expect(await runner.drain()).toBe(0);
    expect(attempt).toBe(3);
  });
});

describe("stop()", () => {
  it("waits for the job under way and gives back those claimed and not started, at once for another process", async () => {
    const clock = { now: () => new Date() };
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const started: number[] = [];
    const first: JobRunner<{ n: number }> = createJobRunner<{ n: number }>({
      db: database.db,
      kind: "stop",
      concurrency: 1,
      batch: 5,
      retry: NO_RETRY,
      logger,
      clock,
      run: async ({ n }) => {
        started.push(n);
        await gate;
      },
    });
    await first.enqueue(database.db, Array.from({ length: 5 }, (_, n) => ({ payload: { n } })), clock.now());
    first.start();
    await expect.poll(() => started.length).toBe(1);
    // All five are claimed by the first process: one under way, four waiting in it.
    expect((await jobsOf("stop")).every((job) => job.leased_by !== null)).toBe(true);
    const stopped = first.stop();
    await new Promise((resolve) => setTimeout(resolve, 50));
    release();
    await stopped;
    expect(started).toHaveLength(1);
    const jobs = await jobsOf("stop");
    expect(jobs.filter((job) => job.status === "done")).toHaveLength(1);
    const given = jobs.filter((job) => job.status === "pending");
    expect(given).toHaveLength(4);
    expect(given.every((job) => job.leased_by === null && job.attempts === 0 && job.run_at.getTime() <= Date.now())).toBe(true);
    const second = createJobRunner<{ n: number }>({ db: otherDb, kind: "stop", concurrency: 4, retry: NO_RETRY, logger, clock, run: async ({ n }) => void started.push(n) });
    expect(await second.drain()).toBe(4);
    expect(started.sort()).toEqual([0, 1, 2, 3, 4]);
  });
});

describe("dedupe keys", () => {
  it("make a second enqueue of the same work a no-op, across processes and after the job ran", async () => {
    const clock = { now: () => new Date() };
    let ran = 0;
    const runner = createJobRunner<{ who: string }>({ db: database.db, kind: "once", retry: NO_RETRY, logger, clock, run: async () => void ran++ });
    const queueB = createJobQueue(otherDb);
    expect(await runner.enqueue(database.db, [{ payload: { who: "a" }, dedupeKey: "reader-1:2026-03-01" }], clock.now())).toBe(1);
    expect(await runner.enqueue(database.db, [{ payload: { who: "a" }, dedupeKey: "reader-1:2026-03-01" }], clock.now())).toBe(0);
    const racing = await Promise.all(
      Array.from({ length: 10 }, (_, i) => (i % 2 ? runner.enqueue(database.db, [{ payload: { who: "a" }, dedupeKey: "reader-2:2026-03-01" }], clock.now()) : queueB.enqueue(otherDb, [{ kind: "once", payload: { who: "b" }, dedupeKey: "reader-2:2026-03-01" }], clock.now()))),
    );
    expect(racing.reduce((x, y) => x + y)).toBe(1);
    // Inside a transaction too; jobs without a key are never merged.
    await database.db.transaction(async (tx) => {
      expect(await runner.enqueue(tx, [{ payload: { who: "a" }, dedupeKey: "reader-1:2026-03-01" }, { payload: { who: "x" } }, { payload: { who: "x" } }], clock.now())).toBe(2);
    });
    expect(await runner.drain()).toBe(4);
    expect(await runner.enqueue(database.db, [{ payload: { who: "a" }, dedupeKey: "reader-1:2026-03-01" }], clock.now())).toBe(0);
    expect(await runner.drain()).toBe(0);
    expect(ran).toBe(4);
  });
});
