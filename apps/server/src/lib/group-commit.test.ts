import { describe, expect, it } from "vitest";
import { createGroupCommit } from "./group-commit.ts";

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

describe("createGroupCommit", () => {
  it("runs what arrives together as one batch, and what arrives during a batch as the next", async () => {
    const batches: number[][] = [];
    const commit = createGroupCommit(
      async (items: number[]) => {
        batches.push(items);
        await tick();
        return items.map((item) => item * 10);
      },
      { maxBatch: 3 },
    );
    const first = [commit.submit(1), commit.submit(2)];
    await Promise.resolve();
    await new Promise((resolve) => setTimeout(resolve, 1));
    const later = [3, 4, 5, 6].map((item) => commit.submit(item));
    expect(await Promise.all([...first, ...later])).toEqual([10, 20, 30, 40, 50, 60]);
    expect(batches).toEqual([[1, 2], [3, 4, 5], [6]]);
  });

  it("runs a failed batch again item by item, so that only the bad item fails", async () => {
    const batches: string[][] = [];
    const commit = createGroupCommit(
      async (items: string[]) => {
        batches.push(items);
        if (items.includes("bad")) throw new Error("bad item");
        return items.map((item) => item.toUpperCase());
      },
      { maxBatch: 10 },
    );
    const results = await Promise.allSettled(["a", "bad", "c"].map((item) => commit.submit(item)));
    expect(results.map((result) => (result.status === "fulfilled" ? result.value : (result.reason as Error).message))).toEqual(["A", "bad item", "C"]);
    expect(batches).toEqual([["a", "bad", "c"], ["a"], ["bad"], ["c"]]);
    expect(await commit.submit("d")).toBe("D");
  });
});
