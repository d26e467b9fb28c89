import { api } from "../../lib/api-client.ts";

/** Fields an entry can be translated in (facts §2.10). */
export type TranslationField = "title" | "description" | "content" | "readabilityContent";

/**
 * `GET /ai/translation`'s answer: the fields asked for, translated, minus those already in the
 * target language; content fields come whole and also "immersive" (each block of the original
 * followed by its translation, marked `data-translation`).
 */
export interface TranslationData {
  title?: string;
  description?: string;
  content?: string;
  readabilityContent?: string;
  contentImmersive?: string;
  readabilityContentImmersive?: string;
}

export interface TranslationRequest {
  entryId: string;
  language: string;
  fields: TranslationField[];
}

export type TranslationFetcher = (request: TranslationRequest) => Promise<TranslationData | null>;

export const fetchTranslation: TranslationFetcher = ({ entryId, language, fields }) =>
  api<TranslationData | null>("ai/translation", { query: { id: entryId, language, fields: fields.join(",") } });

/**
 * The fields worth translating for an entry of a view (facts §2.10): Articles their title and
 * description, SocialMedia their content, other views their title; the reader adds the text it
 * shows (the content, or the readability article) for Articles.
 */
export function translationFields(view: number, reader: { target: "content" | "readabilityContent" } | null): TranslationField[] {
  if (view === 1) return [reader?.target ?? "content"];
  if (view === 0) return reader ? ["title", reader.target] : ["title", "description"];
  return ["title"];
}
