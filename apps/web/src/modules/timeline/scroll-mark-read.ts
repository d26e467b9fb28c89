import type { TimelineRow } from "./group-by-date.ts";

/**
 * The lowest index of an item still (partly) below the top edge of the viewport, among the
 * rendered items. Everything before it has been scrolled past. With several lanes (grids), the
 * lowest index of any lane counts, so nothing still in view is ever taken as passed.
 */
export function firstVisibleIndex(items: readonly { index: number; end: number }[], scrollOffset: number): number {
  // At the very top nothing has been scrolled past (rows not measured yet may still have no size).
  if (scrollOffset <= 0) return 0;
  let first = Number.POSITIVE_INFINITY;
  for (const item of items) if (item.end > scrollOffset && item.index < first) first = item.index;
  return Number.isFinite(first) ? first : items.length ? Math.max(...items.map((item) => item.index)) + 1 : 0;
}

/** The entry ids of rows [from, to): the ones scrolled past since the last look. */
export function entryIdsBetween(rows: readonly TimelineRow[], from: number, to: number): string[] {
  const ids: string[] = [];
  for (let i = Math.max(0, from); i < Math.min(to, rows.length); i++) {
    const row = rows[i]!;
    if (row.kind === "entry") ids.push(row.id);
  }
  return ids;
}

/** The entries above one entry (read above) or below it (read below), in list order. */
export function idsAbove(ids: readonly string[], id: string): string[] {
  const index = ids.indexOf(id);
  return index <= 0 ? [] : ids.slice(0, index);
}

export function idsBelow(ids: readonly string[], id: string): string[] {
  const index = ids.indexOf(id);
  return index < 0 ? [] : ids.slice(index + 1);
}
