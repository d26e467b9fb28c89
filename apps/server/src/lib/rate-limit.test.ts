import { describe, expect, it } from "vitest";
import { createHourlyLimit } from "./rate-limit.ts";

function clockAt(start: number) {
  const clock = { ms: start, now: () => new Date(clock.ms) };
  return clock;
}

describe("createHourlyLimit", () => {
  it("lets a burst of perHour through per key, then one more each hour / perHour", () => {
    const clock = clockAt(Date.UTC(2026, 0, 1));
    const limit = createHourlyLimit({ perHour: 3, clock });
    expect([1, 2, 3, 4].map(() => limit.take("a"))).toEqual([true, true, true, false]);
    expect(limit.take("b")).toBe(true);
    clock.ms += 19 * 60_000;
    expect(limit.take("a")).toBe(false);
    clock.ms += 60_000;
    expect([limit.take("a"), limit.take("a")]).toEqual([true, false]);
    clock.ms += 5 * 3_600_000;
    expect([1, 2, 3, 4].map(() => limit.take("a"))).toEqual([true, true, true, false]);
  });

  it("allows everything with perHour 0", () => {
    const limit = createHourlyLimit({ perHour: 0, clock: clockAt(0) });
    expect(Array.from({ length: 1000 }, () => limit.take("a")).every(Boolean)).toBe(true);
  });

  it("forgets keys whose bucket is full again once it holds many", () => {
    const clock = clockAt(0);
    const limit = createHourlyLimit({ perHour: 1, clock });
    for (let i = 0; i < 10_000; i++) limit.take(`k${i}`);
    expect(limit.take("k0")).toBe(false);
    clock.ms += 3_600_000;
    expect(limit.take("new")).toBe(true);
    expect(limit.take("k0")).toBe(true);
  });
});
