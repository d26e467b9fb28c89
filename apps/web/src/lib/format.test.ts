import { afterEach, describe, expect, it } from "vitest";
import { formatCount, formatDatePattern, formatDateTime, formatDay, formatMinutes, formatRelative, setDatePattern, startOfDay } from "./format.ts";

describe("formatCount (spec §9: K at 1e3, M at 1e6, B at 1e9, one decimal)", () => {
  it.each([
    [0, "0"],
    [999, "999"],
    [1000, "1K"],
    [1234, "1.2K"],
    [999_950, "999.9K"],
    [1_000_000, "1M"],
    [1_250_000, "1.2M"],
    [2_560_000_000, "2.5B"],
    [-1500, "-1.5K"],
  ])("%d → %s", (value, expected) => expect(formatCount(value)).toBe(expected));
});

describe("formatMinutes (minutes into hours, days at 1440, months at 43 200)", () => {
  it("picks the largest unit that fits", () => {
    expect(formatMinutes(45, "en")).toBe("45 min");
    expect(formatMinutes(90, "en")).toBe("1.5 hr");
    expect(formatMinutes(1440, "en")).toBe("1 day");
    expect(formatMinutes(2880, "en")).toBe("2 days");
    expect(formatMinutes(43_200 * 5, "en")).toBe("5 months");
  });
});

describe("formatRelative", () => {
  const now = new Date("2026-11-22T12:00:00Z");
  it("says now for the last seconds and counts back in growing units", () => {
    expect(formatRelative(new Date("2026-11-22T11:59:40Z"), now, "en")).toBe("now");
    expect(formatRelative(new Date("2026-11-22T11:55:00Z"), now, "en")).toBe("5 min. ago");
    expect(formatRelative(new Date("2026-11-22T09:00:00Z"), now, "en")).toBe("3 hr. ago");
    expect(formatRelative(new Date("2026-11-21T12:00:00Z"), now, "en")).toBe("yesterday");
    expect(formatRelative(new Date("2026-11-08T12:00:00Z"), now, "en")).toBe("2 wk. ago");
  });
});

describe("formatDay", () => {
  it("names today and yesterday, then weekdays with dates", () => {
    const now = new Date(2026, 10, 22, 15);
    expect(formatDay(new Date(2026, 10, 22, 1), now, "en")).toBe("today");
    expect(formatDay(new Date(2026, 10, 21, 23), now, "en")).toBe("yesterday");
    expect(formatDay(new Date(2026, 10, 18, 8), now, "en")).toBe("Wednesday, November 18");
    expect(formatDay(new Date(2025, 0, 2), now, "en")).toBe("Thursday, January 2, 2025");
    expect(startOfDay(new Date(2026, 10, 22, 15, 3)).getHours()).toBe(0);
  });
});

describe("date pattern (the dateFormat setting)", () => {
  afterEach(() => setDatePattern("default"));

  it("writes YYYY, MM and DD tokens with zero padding", () => {
    const date = new Date(2026, 0, 5, 9, 7);
    expect(formatDatePattern(date, "YYYY-MM-DD")).toBe("2026-01-05");
    expect(formatDatePattern(date, "DD.MM.YYYY")).toBe("05.01.2026");
    expect(formatDatePattern(date, "MM/DD/YYYY")).toBe("01/05/2026");
  });

  it("uses the pattern for full dates once set, and the language's own format by default", () => {
    const date = new Date(2026, 0, 5, 9, 7);
    const byLanguage = formatDateTime(date, "en-US");
    expect(byLanguage).toContain("Jan");
    setDatePattern("YYYY-MM-DD");
    expect(formatDateTime(date, "en-US")).toMatch(/^2026-01-05 9:07\sAM$/);
    setDatePattern("default");
    expect(formatDateTime(date, "en-US")).toBe(byLanguage);
  });
});
