import { once } from "node:events";
import { Worker } from "node:worker_threads";
import { describe, expect, it } from "vitest";
import { createClaimLoop, type RetrySchedule, retryAt, retryDelay } from "./claim-loop.ts";
import { systemClock } from "./clock.ts";
import { createLogger } from "./logger.ts";

const logger = createLogger({ level: "silent" });
const schedule: RetrySchedule = { attempts: 6, firstMs: 10_000, factor: 6, maxMs: 6 * 60 * 60_000, jitter: 0.1 };

describe("retryDelay", () => {
  it("grows exponentially from the first wait, up to the cap, and stops after the last attempt", () => {
    const middle = () => 0.5;
    expect([1, 2, 3, 4, 5].map((n) => retryDelay(schedule, n, middle))).toEqual([10_000, 60_000, 360_000, 2_160_000, 12_960_000]);
    expect(retryDelay(schedule, 6, middle)).toBeNull();
    expect(retryDelay({ ...schedule, attempts: Infinity }, 9, middle)).toBe(6 * 60 * 60_000);
    expect(retryAt(schedule, 1, new Date(0), middle)).toEqual(new Date(10_000));
    expect(retryAt(schedule, 6, new Date(0), middle)).toBeNull();
  });

  it("spreads each wait over ±jitter, never past the cap", () => {
    expect(retryDelay(schedule, 1, () => 0)).toBe(9_000);
    expect(retryDelay(schedule, 1, () => 0.999_999)).toBe(11_000);
    expect(retryDelay({ ...schedule, attempts: Infinity }, 7, () => 0.999_999)).toBe(6 * 60 * 60_000);
    expect(retryDelay({ ...schedule, attempts: Infinity }, 7, () => 0)).toBe(0.9 * 6 * 60 * 60_000);
    const seen = new Set(Array.from({ length: 50 }, () => retryDelay(schedule, 2)));
    expect(seen.size).toBeGreaterThan(10);
    for (const wait of seen) {
      expect(wait).toBeGreaterThanOrEqual(54_000);
      expect(wait).toBeLessThanOrEqual(66_000);
    }
  });
});

describe("createClaimLoop", () => {
  const backoff: RetrySchedule = { attempts: Infinity, firstMs: 40, factor: 2, maxMs: 1000, jitter: 0 };

  it("runs claimed items up to its concurrency, and claims again as places free", async () => {
    let queue = Array.from({ length: 40 }, (_, i) => i);
    let underWay = 0;
    let most = 0;
    const ran: number[] = [];
    const loop = createClaimLoop<number>({
      name: "test",
      claim: async (limit) => queue.splice(0, limit),
      run: async (item) => {
        most = Math.max(most, ++underWay);
        await new Promise((resolve) => setTimeout(resolve, 2));
        underWay--;
        ran.push(item);
      },
      concurrency: 4,
      pollMs: 5000,
      logger,
      clock: systemClock,
    });
    loop.start();
    await expect.poll(() => ran.length).toBe(40);
    expect(most).toBe(4);
    // Work queued later is taken at a wake(), not at the next poll.
    queue = [100];
    loop.wake();
    await expect.poll(() => ran.includes(100), { timeout: 1000 }).toBe(true);
    await loop.stop();
  });

  it("backs off, longer each time, while claiming fails; then carries on", async () => {
    const tries: number[] = [];
    let items = [1];
    const ran: number[] = [];
    const loop = createClaimLoop<number>({
      name: "test",
      claim: async () => {
        tries.push(performance.now());
        if (tries.length <= 3) throw new Error("database unreachable");
        return items.splice(0);
      },
      run: async (item) => void ran.push(item),
      concurrency: 1,
      pollMs: 5000,
      errorBackoff: backoff,
      logger,
      clock: systemClock,
    });
    loop.start();
    await expect.poll(() => ran).toEqual([1]);
    await loop.stop();
    const gaps = tries.slice(1, 4).map((at, i) => at - tries[i]!);
    expect(gaps[0]).toBeGreaterThanOrEqual(35);
    expect(gaps[1]).toBeGreaterThanOrEqual(75);
    expect(gaps[2]).toBeGreaterThanOrEqual(155);
    items = [];
  });

  it("backs off when runs throw (trouble beyond the item), and resets once one succeeds", async () => {
    const runs: number[] = [];
    let next = 0;
    const loop = createClaimLoop<number>({
      name: "test",
      claim: async () => (next < 4 ? [next++] : []),
      run: async (item) => {
        runs.push(performance.now());
        if (item < 2) throw new Error("cannot record");
      },
      concurrency: 1,
      pollMs: 5000,
      errorBackoff: backoff,
      logger,
      clock: systemClock,
    });
    loop.start();
    await expect.poll(() => runs.length).toBe(4);
    await loop.stop();
    expect(runs[1]! - runs[0]!).toBeGreaterThanOrEqual(35);
    expect(runs[2]! - runs[1]!).toBeGreaterThanOrEqual(75);
    expect(runs[3]! - runs[2]!).toBeLessThan(35);
  });

  it("stop() waits for the items under way and gives back those claimed and not started", async () => {
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const started: number[] = [];
    const finished: number[] = [];
    const released: number[][] = [];
    let queue = [1, 2, 3, 4, 5];
    const loop = createClaimLoop<number>({
      name: "test",
      claim: async (limit) => queue.splice(0, limit),
      run: async (item) => {
        started.push(item);
        await gate;
        finished.push(item);
      },
      release: async (items) => void released.push(items),
      concurrency: 2,
      batch: 5,
      pollMs: 5000,
      logger,
      clock: systemClock,
    });
    loop.start();
    await expect.poll(() => started).toEqual([1, 2]);
    const stopping = loop.stop();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(finished).toEqual([]);
    open();
    await stopping;
    expect(finished).toEqual([1, 2]);
    expect(released).toEqual([[3, 4, 5]]);
    expect(loop.running).toBe(false);
    queue = [];
  });

  it("drain() runs everything due without being started", async () => {
    const queue = Array.from({ length: 25 }, (_, i) => i);
    const ran = new Set<number>();
    const loop = createClaimLoop<number>({ name: "test", claim: async (limit) => queue.splice(0, limit), run: async (item) => void ran.add(item), concurrency: 3, pollMs: 5000, logger, clock: systemClock });
    expect(await loop.drain()).toBe(25);
    expect(ran.size).toBe(25);
    expect(await loop.drain()).toBe(0);
  });

  it("drain() claims again once half a batch has room, not for each item that ends", async () => {
    const queue = Array.from({ length: 100 }, (_, i) => i);
    const limits: number[] = [];
    let underWay = 0;
    let most = 0;
    const loop = createClaimLoop<number>({
      name: "test",
      claim: async (limit) => {
        limits.push(limit);
        return queue.splice(0, limit);
      },
      run: async (item) => {
        most = Math.max(most, ++underWay);
        // Items end one by one, at different times, as refreshes do.
        await new Promise((resolve) => setTimeout(resolve, 1 + (item % 5)));
        underWay--;
      },
      concurrency: 10,
      batch: 10,
      pollMs: 5000,
      logger,
      clock: systemClock,
    });
    expect(await loop.drain()).toBe(100);
    expect(most).toBe(10);
    // 100 items in claims of at least 5: 20 claims at most, and the empty one that ends the drain.
    expect(limits.slice(0, -1).every((limit) => limit >= 5)).toBe(true);
    expect(limits.length).toBeLessThanOrEqual(21);
  });

  it("passes a wake to the running loop of its name in another thread of the process (the server's jobs thread)", async () => {
    // A loop that claims nothing and would sleep a minute, in a thread of its own: it says when it claims.
    const source = `
      import { parentPort } from "node:worker_threads";
      const { createClaimLoop } = await import(${JSON.stringify(new URL("./claim-loop.ts", import.meta.url).href)});
      let claims = 0;
      const quiet = { info() {}, warn() {}, error() {} };
      const loop = createClaimLoop({ name: "cross-thread", claim: async () => { parentPort.postMessage(++claims); return []; }, run: async () => {}, concurrency: 1, pollMs: 60000, logger: quiet, clock: { now: () => new Date() } });
      loop.start();
      parentPort.once("message", async () => { await loop.stop(); parentPort.close(); });
    `;
    const worker = new Worker(new URL(`data:text/javascript,${encodeURIComponent(source)}`));
    const claims: number[] = [];
    worker.on("message", (n: number) => claims.push(n));
    try {
      await expect.poll(() => claims, { timeout: 10_000 }).toEqual([1]);
      const here = createClaimLoop<number>({ name: "cross-thread", claim: async () => [], run: async () => {}, concurrency: 1, pollMs: 60_000, logger, clock: systemClock });
      here.wake();
      await expect.poll(() => claims, { timeout: 2000 }).toEqual([1, 2]);
      // A loop of another name is not woken.
      createClaimLoop<number>({ name: "another", claim: async () => [], run: async () => {}, concurrency: 1, pollMs: 60_000, logger, clock: systemClock }).wake();
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(claims).toEqual([1, 2]);
    } finally {
      worker.postMessage("stop");
      await once(worker, "exit");
    }
  });
});
