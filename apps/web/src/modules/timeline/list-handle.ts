/** What the timeline column asks of its list body (keyboard moves, the new-entries pill). */
export interface ListHandle {
  scrollToTop(): void;
  /** Brings an entry into view (no scroll when it already is). */
  scrollToEntry(id: string): void;
}

/** How near the end (in rows) the next page is asked for. */
export const PREFETCH_ROWS = 10;
