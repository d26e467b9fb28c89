import type { Virtualizer } from "@tanstack/react-virtual";
import { renderHook } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { TimelineRow } from "./group-by-date.ts";
import { AUTO_MARK_BATCH_MS, useAutoMarkRead } from "./use-auto-mark-read.ts";

const markRead = vi.hoisted(() => vi.fn());
vi.mock("../../actions/read.actions.ts", () => ({ markRead }));

const rows: TimelineRow[] = Array.from({ length: 40 }, (_, i) => ({ kind: "entry", key: `e${i}`, id: `e${i}` }));

/** The virtualizer as the hook reads it: rows of 100 px, scrolled to `offset`. */
function at(offset: number) {
  const first = Math.floor(offset / 100);
  const items = Array.from({ length: 8 }, (_, i) => ({ index: first + i, start: (first + i) * 100, end: (first + i + 1) * 100 }));
  return { getVirtualItems: () => items, scrollOffset: offset, range: { startIndex: first, endIndex: first + 7 } } as unknown as Virtualizer<HTMLDivElement, Element>;
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  markRead.mockClear();
});

describe("useAutoMarkRead", () => {
  it("marks what a fling scrolled past in one batch, after the frames, never inside one", () => {
    const { result } = renderHook(() => useAutoMarkRead(rows, 0, "feed-1"));
    for (let offset = 100; offset <= 1000; offset += 50) result.current(at(offset));
    expect(markRead).not.toHaveBeenCalled();
    vi.advanceTimersByTime(AUTO_MARK_BATCH_MS);
    expect(markRead).toHaveBeenCalledTimes(1);
    expect(markRead).toHaveBeenCalledWith(rows.slice(0, 10).map((row) => (row.kind === "entry" ? row.id : "")));
    // Scrolling back up and down again marks nothing twice.
    result.current(at(0));
    result.current(at(1000));
    vi.advanceTimersByTime(AUTO_MARK_BATCH_MS);
    expect(markRead).toHaveBeenCalledTimes(1);
  });

  it("marks what was waiting when the timeline changes", () => {
    const { result, rerender } = renderHook(({ key }) => useAutoMarkRead(rows, 0, key), { initialProps: { key: "feed-1" } });
    result.current(at(300));
    rerender({ key: "feed-2" });
    expect(markRead).toHaveBeenCalledWith(["e0", "e1", "e2"]);
  });
});
