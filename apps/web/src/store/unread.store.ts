import { create } from "zustand";

/** Unread counts by feed id, list id or inbox handle (spec §3 unread). */
export const useUnread = create<{ counts: Record<string, number>; loaded: boolean }>(() => ({ counts: {}, loaded: false }));

export const unreadActions = {
  replace(counts: Record<string, number>): void {
    useUnread.setState({ counts: { ...counts }, loaded: true });
  },

  /** Counts kept locally, shown until the server's arrive (never over them). */
  hydrate(counts: Record<string, number>): void {
    useUnread.setState((state) => (state.loaded ? state : { counts: { ...counts }, loaded: false }));
  },

  /** Moves counts by deltas; a count never goes below 0 (spec §4). */
  adjust(deltas: Record<string, number>): void {
    useUnread.setState((state) => {
      const counts = { ...state.counts };
      for (const [key, delta] of Object.entries(deltas)) counts[key] = Math.max(0, (counts[key] ?? 0) + delta);
      return { counts };
    });
  },

  clear(): void {
    useUnread.setState({ counts: {}, loaded: false });
  },
};

/** The total of the given sources' counts (all when no keys are given). */
export function sumUnread(counts: Record<string, number>, keys?: Iterable<string>): number {
  if (!keys) return Object.values(counts).reduce((sum, n) => sum + n, 0);
  let sum = 0;
  for (const key of keys) sum += counts[key] ?? 0;
  return sum;
}
