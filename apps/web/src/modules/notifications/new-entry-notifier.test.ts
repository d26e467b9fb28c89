import type { TimelineItem } from "@tidings/contracts";
import { describe, expect, it } from "vitest";
import { type NotifierDeps, pollOnce } from "./new-entry-notifier.ts";

const item = (id: string, insertedAt: string, title = `Story ${id}`): TimelineItem =>
  ({
    entries: { id, title, description: null, insertedAt, feedId: "77" },
    feeds: { type: "feed", id: "77", title: "Harbour Notes" },
    read: false,
  }) as unknown as TimelineItem;

function harness(pages: TimelineItem[][], visible = false) {
  const shown: { title: string; body: string; tag: string }[] = [];
  const asked: number[] = [];
  let call = 0;
  const deps: NotifierDeps = {
    fetchUnread: async (view) => {
      asked.push(view);
      return pages[Math.min(call++, pages.length - 1)]!;
    },
    notify: ({ title, body, tag }) => shown.push({ title, body, tag }),
    visible: () => visible,
    summary: (count) => `${count} new entries`,
  };
  return { deps, shown, asked };
}

describe("new-entry notifications", () => {
  it("sets the mark on the first poll, then announces what arrived after it", async () => {
    const { deps, shown } = harness([[item("1", "2026-11-22T08:00:00Z")], [item("2", "2026-11-22T08:01:00Z"), item("1", "2026-11-22T08:00:00Z")]]);
    const marks = new Map<number, string>();
    await pollOnce(deps, [0], marks);
    expect(shown).toEqual([]);
    await pollOnce(deps, [0], marks);
    expect(shown).toEqual([{ title: "Harbour Notes", body: "Story 2", tag: "2" }]);
    expect(marks.get(0)).toBe("2026-11-22T08:01:00Z");
  });

  it("sums up more than three new entries in one notice", async () => {
    const fresh = ["2", "3", "4", "5"].map((id, i) => item(id, `2026-11-22T08:0${i + 1}:00Z`));
    const { deps, shown } = harness([[item("1", "2026-11-22T08:00:00Z")], fresh]);
    const marks = new Map<number, string>();
    await pollOnce(deps, [5], marks);
    await pollOnce(deps, [5], marks);
    expect(shown).toEqual([{ title: "Tidings", body: "4 new entries", tag: "view-5" }]);
  });

  it("stays quiet while the reader is looking at the app, and asks only the chosen views", async () => {
    const { deps, shown, asked } = harness([[item("1", "2026-11-22T08:00:00Z")], [item("2", "2026-11-22T08:01:00Z")]], true);
    const marks = new Map<number, string>();
    await pollOnce(deps, [1, 3], marks);
    await pollOnce(deps, [1, 3], marks);
    expect(shown).toEqual([]);
    expect(asked).toEqual([1, 3, 1, 3]);
  });
});
