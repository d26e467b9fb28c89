import type { Entry } from "@tidings/contracts";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useMemo } from "react";
import { aiConfigQuery } from "../../queries/ai.ts";
import { useEntries } from "../../store/entries.store.ts";
import { useGeneralSetting } from "../../store/settings.store.ts";
import { useActionLanguage } from "./action-language.ts";
import { useTranslationOn } from "./ai-view.store.ts";
import { type TranslationField, type TranslationRequest, translationFields } from "./translation-api.ts";
import { translationActions, translationKey, type TranslationState, useTranslations } from "./translation.store.ts";

export interface EntryTranslation {
  /** Translation is wanted for this entry (setting or action). */
  on: boolean;
  language: string;
  state: TranslationState | undefined;
  request: TranslationRequest | null;
}

/** Whether an entry has something in a field to translate. */
function hasText(entry: Entry, field: TranslationField, readabilityHtml: string | null): boolean {
  const value = field === "readabilityContent" ? readabilityHtml : entry[field];
  return Boolean(value?.trim());
}

/**
 * The translation of an entry where it is shown (a list row, or the reader with the text it shows):
 * asked for when the `translation` setting or the action says so and a chat provider is there,
 * only for the fields of its view that have text.
 */
export function useEntryTranslation(entry: Entry, view: number, reader: { readabilityHtml: string | null } | null): EntryTranslation {
  const setting = useGeneralSetting("translation");
  // An Action may ask for this entry's translation, into its own language.
  const byAction = useEntries((s) => s.byId[entry.id]?.settings?.translation);
  const on = useTranslationOn(entry.id, setting || Boolean(byAction));
  const preferred = useActionLanguage();
  const language = byAction ?? preferred;
  const config = useQuery({ ...aiConfigQuery(), enabled: on });
  const readabilityHtml = reader?.readabilityHtml ?? null;
  const target = readabilityHtml ? "readabilityContent" : "content";
  const fields = translationFields(view, reader ? { target } : null).filter((field) => hasText(entry, field, readabilityHtml));
  const fieldList = fields.join(",");
  const request = useMemo<TranslationRequest | null>(
    () => (fieldList ? { entryId: entry.id, language, fields: fieldList.split(",") as TranslationField[] } : null),
    [entry.id, language, fieldList],
  );
  const ready = on && config.data?.chat === true && request !== null;
  const state = useTranslations((s) => s.byKey[translationKey(entry.id, language)]);

  useEffect(() => {
    if (ready && request) void translationActions.request(request);
  }, [ready, request]);

  return { on: ready, language, state, request };
}
