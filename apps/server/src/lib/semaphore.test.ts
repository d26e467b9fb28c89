import { describe, expect, it } from "vitest";
import { Semaphore } from "./semaphore.ts";

describe("Semaphore", () => {
  it("never runs more than its limit at once, runs every task, in arrival order, and survives failures", async () => {
    const semaphore = new Semaphore(3);
    let running = 0;
    let most = 0;
    const started: number[] = [];
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) =>
        semaphore.run(async () => {
          started.push(i);
          running++;
          most = Math.max(most, running);
          await new Promise((resolve) => setTimeout(resolve, (i * 7) % 5));
          running--;
          if (i % 4 === 0) throw new Error(`task ${i}`);
          return i;
        }),
      ),
    );
    expect(most).toBe(3);
    expect(started).toEqual(Array.from({ length: 20 }, (_, i) => i));
    expect(results.filter((result) => result.status === "rejected")).toHaveLength(5);
    expect(results.flatMap((result) => (result.status === "fulfilled" ? [result.value] : []))).toEqual([1, 2, 3, 5, 6, 7, 9, 10, 11, 13, 14, 15, 17, 18, 19]);
    // All slots are free again: three new tasks start at once.
    let now = 0;
    await Promise.all([1, 2, 3].map(() => semaphore.run(async () => void now++)));
    expect(now).toBe(3);
  });

  it("rejects a limit below one", () => {
    expect(() => new Semaphore(0)).toThrow(RangeError);
  });
});
