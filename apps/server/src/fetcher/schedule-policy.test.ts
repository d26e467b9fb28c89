import { describe, expect, it } from "vitest";
import { backoffInterval, baseInterval, boostedMaxInterval, estimateUpdatesPerWeek, MAX_HINT_MS, MAX_INTERVAL_MS, MIN_INTERVAL_MS, nextCheckAt } from "./schedule-policy.ts";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const now = Date.parse("2026-11-22T12:00:00Z");
const middle = () => 0.5;

describe("schedule policy", () => {
  it("checks twice per average gap between entries, clamped to [10 min, 24 h]", () => {
    expect(baseInterval(7)).toBe(12 * HOUR);
    expect(baseInterval(168)).toBe(HOUR / 2);
    expect(baseInterval(100_000)).toBe(MIN_INTERVAL_MS);
    expect(baseInterval(1)).toBe(MAX_INTERVAL_MS);
    expect(baseInterval(0)).toBe(MAX_INTERVAL_MS);
    expect(baseInterval(null)).toBe(MAX_INTERVAL_MS);
  });

  it("adds ±10% jitter to healthy feeds", () => {
    expect(nextCheckAt({ now, updatesPerWeek: 7, errorCount: 0, random: () => 0 })).toBe(now + 12 * HOUR * 0.9);
    expect(nextCheckAt({ now, updatesPerWeek: 7, errorCount: 0, random: () => 0.999999 })).toBeCloseTo(now + 12 * HOUR * 1.1, -3);
  });

  it("never undercuts ttl, max-age, Expires or Retry-After, but caps them at 7 days", () => {
    const base = { now, updatesPerWeek: 1000, errorCount: 0, random: middle };
    expect(nextCheckAt({ ...base, ttlMs: 3 * HOUR })).toBe(now + 3 * HOUR);
    expect(nextCheckAt({ ...base, maxAgeMs: 2 * HOUR })).toBe(now + 2 * HOUR);
    expect(nextCheckAt({ ...base, expiresMs: 5 * HOUR })).toBe(now + 5 * HOUR);
    expect(nextCheckAt({ ...base, retryAfterMs: 30 * DAY })).toBe(now + MAX_HINT_MS);
  });

  it("backs off exponentially on errors up to 24 h, and never stops", () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 20].map(backoffInterval)).toEqual([
      15 * 60_000, 30 * 60_000, HOUR, 2 * HOUR, 4 * HOUR, 8 * HOUR, 16 * HOUR, 24 * HOUR, 24 * HOUR,
    ]);
    const after100 = nextCheckAt({ now, updatesPerWeek: 50, errorCount: 100, random: middle });
    expect(after100).toBe(now + 24 * HOUR);
    expect(nextCheckAt({ now, updatesPerWeek: 50, errorCount: 1, random: () => 0 })).toBe(now + 15 * 60_000 * 0.8);
  });

  it("estimates entries per week from one document", () => {
    const daysAgo = (days: number) => now - days * DAY;
    expect(estimateUpdatesPerWeek([daysAgo(1), daysAgo(3), daysAgo(10), daysAgo(20)], now)).toBe(2);
    // A busy feed listing only its newest 20 items, all from the last 2 days: 70 a week.
    const busy = Array.from({ length: 20 }, (_, i) => now - (i * 2 * DAY) / 20 - 1000);
    expect(estimateUpdatesPerWeek(busy, now)).toBe(70);
    expect(estimateUpdatesPerWeek([now - 60_000, now - 120_000], now)).toBe(7);
    expect(estimateUpdatesPerWeek([daysAgo(30)], now)).toBe(0);
    expect(estimateUpdatesPerWeek([null, now + DAY], now)).toBe(0);
  });

  it("checks a boosted feed at least every two hours (level 1) or every hour (level 2 and up), publishers' hints still winning", () => {
    expect([0, 1, 2, 4].map(boostedMaxInterval)).toEqual([null, 2 * HOUR, HOUR, HOUR]);
    expect(nextCheckAt({ now, updatesPerWeek: 1, errorCount: 0, random: middle })).toBe(now + MAX_INTERVAL_MS);
    expect(nextCheckAt({ now, updatesPerWeek: 1, errorCount: 0, maxIntervalMs: boostedMaxInterval(1), random: middle })).toBe(now + 2 * HOUR);
    expect(nextCheckAt({ now, updatesPerWeek: 1, errorCount: 0, maxIntervalMs: boostedMaxInterval(2), random: middle })).toBe(now + HOUR);
    expect(nextCheckAt({ now, updatesPerWeek: 1, errorCount: 0, maxIntervalMs: HOUR, maxAgeMs: 3 * HOUR, random: middle })).toBe(now + 3 * HOUR);
    expect(nextCheckAt({ now, updatesPerWeek: 1, errorCount: 0, maxIntervalMs: 1, random: middle })).toBe(now + MIN_INTERVAL_MS);
  });
});
