import { describe, expect, it } from "vitest";
import type { TimelineRow } from "./group-by-date.ts";
import { entryIdsBetween, firstVisibleIndex, idsAbove, idsBelow } from "./scroll-mark-read.ts";
import { stepSelection } from "./use-timeline-keys.ts";

const rows: TimelineRow[] = [
  { kind: "day", key: "d1", day: 1 },
  { kind: "entry", key: "a", id: "a" },
  { kind: "entry", key: "b", id: "b" },
  { kind: "day", key: "d2", day: 0 },
  { kind: "entry", key: "c", id: "c" },
  { kind: "entry", key: "d", id: "d" },
];

describe("marking read on scroll (spec §4 scrollMarkUnread)", () => {
  it("takes as passed only rows whose bottom edge went above the viewport", () => {
    const items = [0, 1, 2, 3, 4].map((index) => ({ index, end: (index + 1) * 100 }));
    expect(firstVisibleIndex(items, 0)).toBe(0);
    expect(firstVisibleIndex(items, 99)).toBe(0);
    expect(firstVisibleIndex(items, 100)).toBe(1);
    expect(firstVisibleIndex(items, 250)).toBe(2);
    expect(firstVisibleIndex(items, 900)).toBe(5);
    // Rows not measured yet (no size) at the top are not passed.
    expect(firstVisibleIndex([0, 1].map((index) => ({ index, end: 0 })), 0)).toBe(0);
  });

  it("never takes a row still showing in another lane of a grid as passed", () => {
    // Lane 0 holds tall 0 and 2, lane 1 short 1 and 3: at offset 150, 1 is gone but 0 still shows.
    const items = [
      { index: 0, end: 300 },
      { index: 1, end: 100 },
      { index: 2, end: 600 },
      { index: 3, end: 200 },
    ];
    expect(firstVisibleIndex(items, 150)).toBe(0);
    expect(firstVisibleIndex(items, 320)).toBe(2);
  });

  it("answers the entries of a range of rows, headings left out", () => {
    expect(entryIdsBetween(rows, 0, 4)).toEqual(["a", "b"]);
    expect(entryIdsBetween(rows, 2, 99)).toEqual(["b", "c", "d"]);
    expect(entryIdsBetween(rows, 3, 3)).toEqual([]);
  });
});

describe("read above / below and keyboard steps", () => {
  const ids = ["a", "b", "c", "d"];
  it("splits the list at an entry", () => {
    expect(idsAbove(ids, "c")).toEqual(["a", "b"]);
    expect(idsBelow(ids, "c")).toEqual(["d"]);
    expect(idsAbove(ids, "a")).toEqual([]);
    expect(idsBelow(ids, "zz")).toEqual([]);
  });

  it("starts at the first entry and stops at the ends", () => {
    expect(stepSelection(ids, null, 1)).toBe("a");
    expect(stepSelection(ids, "gone", 1)).toBe("a");
    expect(stepSelection(ids, null, -1)).toBeNull();
    expect(stepSelection(ids, "b", 1)).toBe("c");
    expect(stepSelection(ids, "b", -1)).toBe("a");
    expect(stepSelection(ids, "d", 1)).toBeNull();
    expect(stepSelection([], null, 1)).toBeNull();
  });
});
