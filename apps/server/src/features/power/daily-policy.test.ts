import { describe, expect, it } from "vitest";
import { activityMultiplier, activityPoints, activityWindow, dailyRewardsOf, levelCutoffs, levelOf, shareOf, utcDay, weightOf } from "./daily-policy.ts";

describe("daily reward policy", () => {
  it("gives levels by place in the ranking, counting places up", () => {
    expect(levelCutoffs(100)).toEqual([
      { level: 5, maxRank: 1 },
      { level: 4, maxRank: 5 },
      { level: 3, maxRank: 20 },
      { level: 2, maxRank: 50 },
    ]);
    expect(levelCutoffs(100_000).map((band) => band.maxRank)).toEqual([1_000, 5_000, 20_000, 50_000]);
    expect(levelCutoffs(3).map((band) => band.maxRank)).toEqual([1, 1, 1, 2]);
    const cases: [rank: number, total: number, balance: bigint, level: number][] = [
      [1, 100, 1n, 5],
      [2, 100, 1n, 4],
      [5, 100, 1n, 4],
      [6, 100, 1n, 3],
      [20, 100, 1n, 3],
      [21, 100, 1n, 2],
      [50, 100, 1n, 2],
      [51, 100, 1n, 1],
      [1, 1, 1n, 5],
      [2, 3, 1n, 2],
      [1, 100, 0n, 1],
    ];
    for (const [rank, total, balance, level] of cases) expect(levelOf(rank, total, balance), `rank ${rank} of ${total}`).toBe(level);
  });

  it("counts activity points with each source capped", () => {
    expect(activityPoints({ reads: 3, subscriptions: 1, tips: 1 })).toBe(3 + 2 + 5);
    expect(activityPoints({ reads: 0, subscriptions: 0, tips: 0 })).toBe(0);
    expect(activityPoints({ reads: 5_000, subscriptions: 500, tips: 500 })).toBe(100 + 40 + 100);
  });

  it("multiplies activity from 1x to 5x, and nothing without activity", () => {
    const cases: [points: number, multiplier: number][] = [
      [0, 0],
      [1, 1],
      [9, 1],
      [10, 2],
      [29, 3],
      [39, 4],
      [40, 5],
      [240, 5],
    ];
    for (const [points, multiplier] of cases) expect(activityMultiplier(points), `${points} points`).toBe(multiplier);
    expect(weightOf(5, 40)).toBe(25);
    expect(weightOf(5, 0)).toBe(0);
  });

  it("shares by weight, rounding down, never past the supply", () => {
    expect(shareOf(10n, 1, 3n)).toBe(3n);
    expect(shareOf(10n, 0, 3n)).toBe(0n);
    expect(shareOf(10n, 1, 0n)).toBe(0n);
    const rewards = dailyRewardsOf(
      [
        { userId: "b", balance: 5n, reads: 1, subscriptions: 0, tips: 0 },
        { userId: "a", balance: 5n, reads: 40, subscriptions: 0, tips: 0 },
        { userId: "c", balance: 0n, reads: 0, subscriptions: 0, tips: 0 },
        { userId: "d", balance: 9n, reads: 0, subscriptions: 1, tips: 0 },
      ],
      1_000n,
    );
    // d holds most; a and b tie on balance and go by id; c holds nothing, last.
    expect(rewards.map((r) => [r.userId, r.rank, r.level, r.activityPoints])).toEqual([
      ["d", 1, 5, 2],
      ["a", 2, 2, 40],
      ["b", 3, 1, 1],
      ["c", 4, 1, 0],
    ]);
    // Weights 5, 10, 1, 0 of 16.
    expect(rewards.map((r) => r.dailyAmount)).toEqual([312n, 625n, 62n, 0n]);
  });

  it("counts the UTC day before as a day's activity", () => {
    expect(utcDay(new Date("2025-06-10T23:59:59.999Z"))).toBe("2025-06-10");
    expect(activityWindow("2025-03-01")).toEqual({ from: new Date("2025-02-28T00:00:00Z"), to: new Date("2025-03-01T00:00:00Z") });
    expect(() => activityWindow("2025-02-30")).toThrow(RangeError);
    expect(() => activityWindow("yesterday")).toThrow(RangeError);
  });
});
