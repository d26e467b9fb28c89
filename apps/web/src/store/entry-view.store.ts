import { create } from "zustand";

/** What the reader shows for an entry: the feed's content, the fetched article, or the page itself. */
export type EntryViewMode = "content" | "readability" | "source";

/** The readability article of one entry, fetched once per session. */
export interface ReadabilityState {
  status: "loading" | "ready" | "error";
  content: string | null;
}

interface EntryViewState {
  /** Per entry; absent means "content". */
  mode: Record<string, EntryViewMode>;
  readability: Record<string, ReadabilityState>;
  /** An entry whose reader should print itself once rendered (export as PDF from a list row). */
  printRequest: string | null;
}

/**
 * How each entry is being read, kept outside the reader component so the toolbar, the context
 * menu and the keyboard act on the same state, and so a toggled entry stays toggled when the
 * reader comes back to it.
 */
export const useEntryView = create<EntryViewState>(() => ({ mode: {}, readability: {}, printRequest: null }));

export const entryViewActions = {
  setMode(entryId: string, mode: EntryViewMode): void {
    useEntryView.setState((state) => {
      const next = { ...state.mode };
      if (mode === "content") delete next[entryId];
      else next[entryId] = mode;
      return { mode: next };
    });
  },

  setReadability(entryId: string, value: ReadabilityState): void {
    useEntryView.setState((state) => ({ readability: { ...state.readability, [entryId]: value } }));
  },

  requestPrint(entryId: string | null): void {
    useEntryView.setState({ printRequest: entryId });
  },

  clear(): void {
    useEntryView.setState({ mode: {}, readability: {}, printRequest: null });
  },
};

/** The mode of one entry (hook). */
export const useEntryViewMode = (entryId: string | undefined): EntryViewMode =>
  useEntryView((state) => (entryId ? (state.mode[entryId] ?? "content") : "content"));
