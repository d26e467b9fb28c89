import { setTimeout as sleep } from "node:timers/promises";

/** Waits until the server at `base` answers /api/health (up to ~30 s), for benchmarks that start one. */
export async function waitForServer(base: string): Promise<void> {
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      if (i > 300) throw new Error("the server did not start");
      await sleep(100);
    }
  }
}
