import type { EntryState } from "../../store/entries.store.ts";
import { startOfDay } from "../../lib/format.ts";

/** One row of a timeline list: a day heading or an entry. */
export type TimelineRow = { kind: "day"; key: string; day: number } | { kind: "entry"; key: string; id: string };

/**
 * The time an entry sits at in its timeline: starred timelines are ordered by when the star was
 * given, every other timeline by publication (facts §7 "Timeline behaviours").
 */
export function sortTimeOf(item: EntryState, starred: boolean): string {
  return starred && item.starredAt ? item.starredAt : item.entry.publishedAt;
}

/**
 * The rows of a list: with `groupByDate`, a heading before the first entry of each local day (a
 * new heading whenever the day changes, so the server's order is kept as it is). Ids the store
 * does not hold are left out: a row needs its entry to show anything.
 */
export function buildRows(ids: readonly string[], byId: Readonly<Record<string, EntryState>>, options: { groupByDate: boolean; starred: boolean }): TimelineRow[] {
  const rows: TimelineRow[] = [];
  let currentDay: number | null = null;
  for (const id of ids) {
    const item = byId[id];
    if (!item) continue;
    if (options.groupByDate) {
      const day = startOfDay(new Date(sortTimeOf(item, options.starred))).getTime();
      if (day !== currentDay) {
        currentDay = day;
        rows.push({ kind: "day", key: `day-${day}-${rows.length}`, day });
      }
    }
    rows.push({ kind: "entry", key: id, id });
  }
  return rows;
}

/** The start and end (inclusive, ISO) of the local day starting at `day` (ms): a per-day mark-read window. */
export function dayWindow(day: number): { startTime: string; endTime: string } {
  const start = new Date(day);
  const end = new Date(start.getFullYear(), start.getMonth(), start.getDate() + 1);
  return { startTime: start.toISOString(), endTime: new Date(end.getTime() - 1).toISOString() };
}

/** The index of the day heading a row falls under, or -1 (no grouping, or before any heading). */
export function dayHeadingIndex(rows: readonly TimelineRow[], index: number): number {
  for (let i = Math.min(index, rows.length - 1); i >= 0; i--) if (rows[i]!.kind === "day") return i;
  return -1;
}
