import type { Entry } from "@tidings/contracts";
import type { ReactNode } from "react";
import { useGeneralSetting } from "../../store/settings.store.ts";
import { aiViewActions, useAiView } from "./ai-view.store.ts";
import { translationActions } from "./translation.store.ts";
import { TranslationBar } from "./translation-bar.tsx";
import { useEntryTranslation } from "./use-entry-translation.ts";

export interface ReaderTranslation {
  /** The translated title, shown under the original. */
  title: string | null;
  /** The HTML to show instead of the original text; null: the original. */
  html: string | null;
  /** The language of `html` when it is wholly translated (bilingual mode), for the `lang` attribute. */
  lang: string | null;
  /** The notice above the text (translating, failed, translated with "show original"). */
  bar: ReactNode;
}

/**
 * The translation the reader shows for an entry (spec settings `translation`, `translationMode`):
 * "bilingual" puts the translated title under the original and shows the text translated, with
 * a way back to the original; "immersive" shows each paragraph of the original followed by its
 * translation.
 */
export function useReaderTranslation(entry: Entry, view: number, readabilityHtml: string | null): ReaderTranslation {
  const { on, language, state, request } = useEntryTranslation(entry, view, { readabilityHtml });
  const immersive = useGeneralSetting("translationMode") === "immersive";
  const original = useAiView((s) => s.original[entry.id] ?? false);
  if (!on || !state) return { title: null, html: null, lang: null, bar: null };
  const data = state.data;
  const field = readabilityHtml ? "readabilityContent" : "content";
  const translated = (immersive ? (data[`${field}Immersive`] ?? data[field]) : data[field]) ?? null;
  const retry = () => request && void translationActions.retry(request);
  const bar =
    state.status === "pending" ? (
      <TranslationBar status="pending" language={language} />
    ) : state.status === "error" ? (
      <TranslationBar status="error" error={state.error} onRetry={retry} />
    ) : translated ? (
      <TranslationBar status="translated" language={language} original={original} onToggle={() => aiViewActions.setOriginal(entry.id, !original)} />
    ) : null;
  const html = translated && !original ? translated : null;
  return { title: data.title ?? null, html, lang: html && !immersive ? language : null, bar };
}
