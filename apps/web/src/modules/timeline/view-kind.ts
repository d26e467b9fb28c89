import type { FeedView } from "@tidings/contracts";

/**
 * Views 1-3 are "wide" (facts §7): their list takes the whole width and an opened entry shows in
 * a panel over it, rather than in a reading pane beside a narrow column.
 */
export function isWideView(view: FeedView): boolean {
  return view === 1 || view === 2 || view === 3;
}

/** Pictures and Videos lay entries out as a grid: no date groups there (facts §7 gridMode). */
export function isGridView(view: FeedView): boolean {
  return view === 2 || view === 3;
}

/** The entry column's width limits (UI setting entryColWidth, default 356 px). */
export const ENTRY_COLUMN_MIN = 280;
export const ENTRY_COLUMN_MAX = 600;

/** The SocialMedia timeline is one centred column this wide, like a social app's feed. */
export const SOCIAL_COLUMN_WIDTH = 645;
