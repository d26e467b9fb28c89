import type { FeedView } from "@tidings/contracts";
import { createContext, useContext } from "react";
import { create } from "zustand";
import type { TimelineTarget } from "./route-selector.ts";

/**
 * What every row of the open timeline needs from it. The functions are stable for the life of the
 * timeline (they read the current entries through refs), so memoised rows never re-render for them.
 */
export interface TimelineContextValue {
  view: FeedView;
  target: TimelineTarget;
  /** Opens an entry (navigates to its path). */
  openEntry: (id: string) => void;
  /** Marks the entries above / below one read (spec §9 entry actions). */
  readAbove: (id: string) => void;
  readBelow: (id: string) => void;
}

export const TimelineContext = createContext<TimelineContextValue | null>(null);

/** The open timeline; rows are only ever rendered inside one. */
export function useTimelineContext(): TimelineContextValue {
  const value = useContext(TimelineContext);
  if (!value) throw new Error("useTimelineContext outside a timeline");
  return value;
}

/**
 * The entry the keyboard is on. It follows the open entry, and moves on its own in the wide views,
 * where J/K move the highlight and Enter opens (opening every picture on J would be heavy).
 */
export const useTimelineSelection = create<{ selectedId: string | null }>(() => ({ selectedId: null }));

export const selectEntry = (id: string | null) => useTimelineSelection.setState({ selectedId: id });
