import { Worker } from "node:worker_threads";
import { describe, expect, it } from "vitest";
import { threadCpuSeconds } from "./thread-cpu.ts";

describe("processor time by kind of thread", () => {
  it.runIf(process.platform === "linux")("counts the main thread's and a worker thread's time apart", async () => {
    const before = threadCpuSeconds()!;
    // Each thread spins for processor time of its own, not for a wall-clock time: on a busy machine
    // a thread spinning 400 ms of the clock may be given less than 300 ms of a processor.
    const spin = (ms: number) => {
      const end = process.threadCpuUsage().user + ms * 1000;
      while (process.threadCpuUsage().user < end);
    };
    spin(300);
    const worker = new Worker(
      "const end = process.threadCpuUsage().user + 400000; while (process.threadCpuUsage().user < end); require('node:worker_threads').parentPort.postMessage(1); setInterval(() => {}, 1000);",
      { eval: true },
    );
    await new Promise((resolve) => worker.once("message", resolve));
    const after = threadCpuSeconds()!;
    await worker.terminate();
    expect(after.main - before.main).toBeGreaterThanOrEqual(0.2);
    expect(after.workers - before.workers).toBeGreaterThanOrEqual(0.3);
  });
});
