import { describe, expect, it } from "vitest";
import { HostLimiter } from "./host-limiter.ts";

const gate = () => {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
};

describe("the host limiter", () => {
  it("starts a host's next task when the running one releases the host, and keeps the global limit until it ends", async () => {
    const limiter = new HostLimiter({ concurrency: 2, perHost: 1 });
    const log: string[] = [];
    const processing = gate();
    const first = limiter.run("a.example", async (releaseHost) => {
      log.push("first fetched");
      releaseHost();
      releaseHost(); // twice is once
      await processing.opened;
      log.push("first stored");
    });
    const second = limiter.run("a.example", async () => {
      log.push("second started");
    });
    await second;
    expect(log).toEqual(["first fetched", "second started"]);
    // The first still counts against the global limit: with it and a hanging one, a third waits.
    const hanging = gate();
    const third = limiter.run("b.example", () => hanging.opened);
    let fourthStarted = false;
    const fourth = limiter.run("c.example", async () => {
      fourthStarted = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fourthStarted).toBe(false);
    processing.open();
    await first;
    await fourth;
    expect(fourthStarted).toBe(true);
    hanging.open();
    await third;
    await limiter.idle();
    expect(limiter.size).toBe(0);
  });

  it("holds a host's place for the whole task when it never releases it", async () => {
    const limiter = new HostLimiter({ concurrency: 4, perHost: 1 });
    const running = gate();
    let secondStarted = false;
    const first = limiter.run("a.example", () => running.opened);
    const second = limiter.run("a.example", async () => {
      secondStarted = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(secondStarted).toBe(false);
    running.open();
    await Promise.all([first, second]);
    expect(secondStarted).toBe(true);
  });
});
