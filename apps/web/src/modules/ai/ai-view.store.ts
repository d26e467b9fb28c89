import { create } from "zustand";

interface AiViewState {
  /** Per entry: the summary shown or hidden by hand; absent follows the `summary` setting. */
  summary: Record<string, boolean>;
  /** Per entry: translated or not by hand; absent follows the `translation` setting. */
  translation: Record<string, boolean>;
  /** Entries whose translated content is set aside to read the original. */
  original: Record<string, boolean>;
}

/**
 * What the person asked of the AI helpers for each entry, this session: kept outside the reader so
 * that the toolbar, the menus and the reader agree, and an entry is as it was left on coming back.
 */
export const useAiView = create<AiViewState>(() => ({ summary: {}, translation: {}, original: {} }));

const flip = (map: Record<string, boolean>, entryId: string, value: boolean) => ({ ...map, [entryId]: value });

export const aiViewActions = {
  setSummary(entryId: string, shown: boolean): void {
    useAiView.setState((state) => ({ summary: flip(state.summary, entryId, shown) }));
  },
  setTranslation(entryId: string, on: boolean): void {
    useAiView.setState((state) => ({ translation: flip(state.translation, entryId, on) }));
  },
  setOriginal(entryId: string, original: boolean): void {
    useAiView.setState((state) => ({ original: flip(state.original, entryId, original) }));
  },
  clear(): void {
    useAiView.setState({ summary: {}, translation: {}, original: {} });
  },
};

/** Whether an entry's summary shows: the person's choice for it, else the setting. */
export const useSummaryShown = (entryId: string, setting: boolean): boolean => useAiView((state) => state.summary[entryId] ?? setting);

/** Whether an entry is translated: the person's choice for it, else the setting. */
export const useTranslationOn = (entryId: string, setting: boolean): boolean => useAiView((state) => state.translation[entryId] ?? setting);
