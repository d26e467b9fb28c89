import { describe, expect, it } from "vitest";
import { buildRows, dayHeadingIndex, dayWindow } from "./group-by-date.ts";
import { testState } from "./test-entries.ts";

const local = (y: number, m: number, d: number, h = 12) => new Date(y, m - 1, d, h).toISOString();

describe("grouping a timeline by day (facts §7 groupByDate)", () => {
  const byId = {
    a: testState("a", { publishedAt: local(2025, 3, 10, 18) }),
    b: testState("b", { publishedAt: local(2025, 3, 10, 1) }),
    c: testState("c", { publishedAt: local(2025, 3, 9, 23) }),
    d: testState("d", { publishedAt: local(2025, 3, 7) }, { starredAt: local(2025, 3, 10, 9) }),
  };

  it("puts a heading before the first entry of each local day", () => {
    const rows = buildRows(["a", "b", "c", "d"], byId, { groupByDate: true, starred: false });
    expect(rows.map((row) => (row.kind === "day" ? `day:${new Date(row.day).getDate()}` : row.id))).toEqual(["day:10", "a", "b", "day:9", "c", "day:7", "d"]);
    expect(new Set(rows.map((row) => row.key)).size).toBe(rows.length);
  });

  it("groups the starred timeline by star time, and leaves headings out when grouping is off", () => {
    const starred = buildRows(["a", "d"], byId, { groupByDate: true, starred: true });
    expect(starred.map((row) => row.kind)).toEqual(["day", "entry", "entry"]);
    expect(buildRows(["a", "b", "c"], byId, { groupByDate: false, starred: false }).map((row) => row.kind)).toEqual(["entry", "entry", "entry"]);
  });

  it("skips ids the store does not hold", () => {
    expect(buildRows(["a", "zz", "b"], byId, { groupByDate: false, starred: false }).map((row) => row.key)).toEqual(["a", "b"]);
  });

  it("finds the heading a row falls under", () => {
    const rows = buildRows(["a", "b", "c", "d"], byId, { groupByDate: true, starred: false });
    expect(dayHeadingIndex(rows, 2)).toBe(0);
    expect(dayHeadingIndex(rows, 4)).toBe(3);
    expect(dayHeadingIndex(rows, 99)).toBe(5);
    expect(dayHeadingIndex(buildRows(["a"], byId, { groupByDate: false, starred: false }), 0)).toBe(-1);
  });

  it("gives a day's window from its midnight to the last millisecond before the next", () => {
    const day = new Date(2025, 2, 10).getTime();
    const { startTime, endTime } = dayWindow(day);
    expect(new Date(startTime).getTime()).toBe(day);
    expect(new Date(endTime).getTime()).toBe(new Date(2025, 2, 11).getTime() - 1);
  });
});
