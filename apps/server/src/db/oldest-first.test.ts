import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runAsWork } from "../lib/work-age.ts";
import { serveOldestFirst } from "./oldest-first.ts";

const QUERY = "SELECT count(*) FROM generate_series(1, 2000)";

/**
 * Runs `works` pieces of work of `queries` queries each, each begun just after the one before;
 * answers, for each, how many queries had been answered in all when it finished.
 */
async function race(client: PGlite, works: number, queries: number): Promise<number[]> {
  let answered = 0;
  const finishedAfter: number[] = [];
  const work = (n: number, at: number) =>
    runAsWork(async () => {
      for (let i = 0; i < queries; i++) {
        await client.query(QUERY);
        answered++;
      }
      finishedAfter[n] = answered;
    }, at);
  const begun = performance.now();
  await Promise.all(Array.from({ length: works }, (_, n) => work(n, begun + n)));
  return finishedAfter;
}

describe("the embedded database serves the oldest work first", () => {
  let plain: PGlite;
  let served: PGlite;
  beforeAll(async () => {
    plain = await PGlite.create();
    served = await PGlite.create();
    serveOldestFirst(served);
  });
  afterAll(async () => {
    await plain.close();
    await served.close();
  });

  it("PGlite alone serves calls first come, first served: every piece of work waits for all the others", async () => {
    const finishedAfter = await race(plain, 20, 10);
    // Each query queues behind one of every other piece: the first finishes only in the last round.
    expect(finishedAfter[0]).toBeGreaterThan(180);
  });

  it("served oldest first, each piece of work finishes before newer ones take turns", async () => {
    const finishedAfter = await race(served, 20, 10);
    expect(finishedAfter).toEqual(Array.from({ length: 20 }, (_, n) => (n + 1) * 10));
  });

  it("calls outside any work count from when they are made: before newer work, after older", async () => {
    const order: string[] = [];
    // A transaction holds the turn while the three calls line up behind it.
    let release = () => {};
    const holding = served.transaction(() => new Promise<void>((resolve) => (release = resolve)));
    await new Promise((resolve) => setTimeout(resolve, 5));
    const now = performance.now();
    const calls = [
      runAsWork(() => served.query(QUERY).then(() => order.push("newer request")), now + 60_000),
      served.query(QUERY).then(() => order.push("background")),
      runAsWork(() => served.query(QUERY).then(() => order.push("older request")), now - 60_000),
    ];
    release();
    await holding;
    await Promise.all(calls);
    expect(order).toEqual(["older request", "background", "newer request"]);
  });

  it("a call that arrives while a line of calls is served takes its place before the next turn (the event loop polls between turns)", async () => {
    // 30 calls of older work line up; a timer (as a request's socket would) brings a call of even
    // older work while they are served. Handing turns on in microtasks would keep the timer from
    // firing until the whole line was served: the late call would finish last.
    const begun = performance.now();
    let answered = 0;
    const line = Array.from({ length: 30 }, (_, n) => runAsWork(() => served.query("SELECT pg_sleep(0.002)").then(() => answered++), begun + n));
    const late = new Promise<number>((resolve) => {
      setTimeout(() => {
        void runAsWork(() => served.query(QUERY), begun - 1000).then(() => resolve(answered));
      }, 5);
    });
    const answeredBeforeLate = await late;
    await Promise.all(line);
    expect(answered).toBe(30);
    expect(answeredBeforeLate).toBeLessThan(15);
  });

  it("a transaction keeps its turn to the end; a failing call gives the turn back", async () => {
    await served.exec("CREATE TABLE IF NOT EXISTS turns (n int)");
    const inside: number[] = [];
    const tx = served.transaction(async (t) => {
      await t.query("INSERT INTO turns VALUES (1)");
      await new Promise((resolve) => setTimeout(resolve, 20));
      inside.push((await t.query<{ n: number }>("SELECT count(*)::int AS n FROM turns")).rows[0]!.n);
    });
    const outside = served.query<{ n: number }>("SELECT count(*)::int AS n FROM turns");
    await expect(served.query("SELECT no_such_column FROM turns")).rejects.toThrow(/no_such_column/);
    await tx;
    expect(inside).toEqual([1]);
    // The call made during the transaction ran after it, and saw its row.
    expect((await outside).rows[0]!.n).toBe(1);
    expect((await served.query<{ n: number }>("SELECT 1 AS n")).rows[0]!.n).toBe(1);
  });
});
