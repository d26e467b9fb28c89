import { create } from "zustand";
import type { LocalTranslation } from "../../db/database.ts";
import { loadTranslation, saveTranslation } from "../../db/translations.repo.ts";
import { fetchTranslation, type TranslationData, type TranslationFetcher, type TranslationRequest } from "./translation-api.ts";

export interface TranslationState {
  status: "pending" | "success" | "error";
  data: TranslationData;
  /** Fields asked for so far (a field asked for and not answered is in the target language already). */
  requested: string[];
  error: unknown;
  createdAt: number;
}

export const translationKey = (entryId: string, language: string) => `${entryId}|${language}`;

/** Translations of this session, per entry and language; the local database keeps them 7 days. */
export const useTranslations = create<{ byKey: Record<string, TranslationState> }>(() => ({ byKey: {} }));

const set = (key: string, value: TranslationState) => useTranslations.setState((state) => ({ byKey: { ...state.byKey, [key]: value } }));

/** One piece of work per entry and language at a time: a second caller waits, then finds it done. */
const chains = new Map<string, Promise<void>>();

async function translate({ entryId, language, fields }: TranslationRequest, fetcher: TranslationFetcher, retry: boolean): Promise<void> {
  const key = translationKey(entryId, language);
  let known = useTranslations.getState().byKey[key];
  if (!known) {
    const stored = await loadTranslation(entryId, language);
    if (stored) {
      const { entryId: _e, language: _l, requested, createdAt, ...data } = stored;
      known = { status: "success", data, requested, error: null, createdAt };
      set(key, known);
    }
  }
  if (known?.status === "error" && !retry) return;
  const missing = fields.filter((field) => !known?.requested.includes(field));
  if (missing.length === 0) return;
  const base = known ?? { data: {}, requested: [], createdAt: Date.now() };
  set(key, { ...base, status: "pending", error: null });
  try {
    const answer = await fetcher({ entryId, language, fields: missing });
    const next: TranslationState = { status: "success", data: { ...base.data, ...answer }, requested: [...base.requested, ...missing], error: null, createdAt: base.createdAt };
    set(key, next);
    const row: LocalTranslation = { entryId, language, ...next.data, requested: next.requested, createdAt: next.createdAt };
    await saveTranslation(row);
  } catch (error) {
    set(key, { ...base, status: "error", error });
  }
}

export const translationActions = {
  /**
   * Makes sure the fields are translated: from memory, the local database, or the server (only the
   * fields not asked for yet). A failure stays until {@link translationActions.retry}. Never rejects.
   */
  request(request: TranslationRequest, fetcher: TranslationFetcher = fetchTranslation, retry = false): Promise<void> {
    const key = translationKey(request.entryId, request.language);
    const next = (chains.get(key) ?? Promise.resolve()).then(() => translate(request, fetcher, retry));
    chains.set(key, next);
    void next.finally(() => chains.get(key) === next && chains.delete(key));
    return next;
  },

  retry(request: TranslationRequest, fetcher: TranslationFetcher = fetchTranslation): Promise<void> {
    return translationActions.request(request, fetcher, true);
  },

  clear(): void {
    chains.clear();
    useTranslations.setState({ byKey: {} });
  },
};
