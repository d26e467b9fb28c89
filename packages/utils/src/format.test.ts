import { describe, expect, it } from "vitest";
import { formatCount, formatMinutes, parseTimeToSeconds } from "./format.ts";

describe("formatCount", () => {
  it.each([
    [0, "0"],
    [999, "999"],
    [1000, "1K"],
    [1530, "1.5K"],
    [999_999, "999.9K"],
    [1_000_000, "1M"],
    [2_345_678, "2.3M"],
    [1_000_000_000, "1B"],
    [-1500, "-1.5K"],
  ])("%d → %s", (count, text) => {
    expect(formatCount(count)).toBe(text);
  });
});

describe("parseTimeToSeconds", () => {
  it.each([
    ["1:02:03", 3723],
    ["02:03", 123],
    ["2:03", 123],
    ["42", 42],
    ["0:00", 0],
  ])("%s → %d", (text, seconds) => {
    expect(parseTimeToSeconds(text)).toBe(seconds);
  });

  it.each(["", "abc", "1:2", "1:60", "1:60:00", "::"])("rejects %j", (text) => {
    expect(parseTimeToSeconds(text)).toBeNull();
  });
});

describe("formatMinutes", () => {
  it.each([
    [59, { value: 59, unit: "minutes" }],
    [60, { value: 1, unit: "hours" }],
    [1439, { value: 23, unit: "hours" }],
    [1440, { value: 1, unit: "days" }],
    [43_199, { value: 29, unit: "days" }],
    [43_200, { value: 1, unit: "months" }],
  ])("%d minutes", (minutes, expected) => {
    expect(formatMinutes(minutes)).toEqual(expected);
  });
});
