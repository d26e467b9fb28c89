import { totalmem } from "node:os";
import { describe, expect, it } from "vitest";
import { defaultReadThreads, memoryLimitBytes, THREADS_MIN_MEMORY_BYTES } from "./read-threads.ts";

describe("the default number of feed reader threads", () => {
  it("leaves one processor to fetching and storing, and stops at 8", () => {
    expect(defaultReadThreads(1, 8 * 1024 ** 3)).toBe(1);
    expect(defaultReadThreads(2, 8 * 1024 ** 3)).toBe(1);
    expect(defaultReadThreads(4, 2 * 1024 ** 3)).toBe(3);
    expect(defaultReadThreads(32, 64 * 1024 ** 3)).toBe(8);
  });

  it("reads on the main thread on a machine or in a container with less than 1 GiB", () => {
    expect(defaultReadThreads(4, 512 * 1024 ** 2)).toBe(0);
    expect(defaultReadThreads(2, THREADS_MIN_MEMORY_BYTES - 1)).toBe(0);
    expect(defaultReadThreads(2, THREADS_MIN_MEMORY_BYTES)).toBe(1);
  });

  it("knows this machine's memory, or its container's limit", () => {
    const limit = memoryLimitBytes();
    expect(limit).toBeGreaterThan(0);
    expect(limit).toBeLessThanOrEqual(totalmem());
  });
});
