import { describe, expect, it } from "vitest";
import { formatDuration, parseDuration } from "./duration.ts";

describe("parseDuration", () => {
  it.each([
    ["1:02:03", 3723],
    ["12:34", 754],
    ["2:05", 125],
    ["0:00", 0],
    ["3600", 3600],
    [" 4:05 ", 245],
    [95, 95],
    [0, 0],
  ])("%j → %j seconds", (input, seconds) => {
    expect(parseDuration(input)).toBe(seconds);
  });

  it.each([["abc"], ["1:2"], ["1:60"], ["1:60:00"], [""], [-1], [Number.NaN], [Number.POSITIVE_INFINITY], [null], [undefined]])(
    "%j is unknown",
    (input) => {
      expect(parseDuration(input)).toBeNull();
    },
  );
});

describe("formatDuration", () => {
  it.each([
    [0, "0:00"],
    [5, "0:05"],
    [59.9, "0:59"],
    [65, "1:05"],
    [754, "12:34"],
    [3599, "59:59"],
    [3600, "1:00:00"],
    [3723, "1:02:03"],
    [36_000 + 61, "10:01:01"],
    [Number.NaN, "0:00"],
    [Number.POSITIVE_INFINITY, "0:00"],
    [-3, "0:00"],
  ])("%j → %s", (seconds, text) => {
    expect(formatDuration(seconds)).toBe(text);
  });

  it("round-trips with parseDuration", () => {
    for (const text of ["0:07", "9:59", "1:00:00", "2:03:04"]) expect(formatDuration(parseDuration(text) ?? -1)).toBe(text);
  });
});
