import type { FeedView } from "@tidings/contracts";

/** Space around and between grid tiles, in px. */
export const GRID_PADDING = 16;
export const GRID_GAP = 12;

/** The narrowest a column may get: picture tiles stay legible, video posters stay watchable. */
export function minColumnWidth(view: FeedView): number {
  return view === 3 ? 280 : 200;
}

/** How many columns fit a width, and how wide each one is. */
export function gridColumns(width: number, view: FeedView): { lanes: number; columnWidth: number } {
  const inner = Math.max(0, width - GRID_PADDING * 2);
  const lanes = Math.max(1, Math.floor((inner + GRID_GAP) / (minColumnWidth(view) + GRID_GAP)));
  return { lanes, columnWidth: Math.max(0, (inner - GRID_GAP * (lanes - 1)) / lanes) };
}
