import { ErrorCode } from "@tidings/contracts";
import { AppError } from "../../errors.ts";
import type { RequestUser } from "../../http/context.ts";
import type { ResolvedProvider } from "./ai-providers.ts";
import { type AiContext, type ContentTarget, plainText, providerFailure, requireProvider, takeCall, targetHtml } from "./ai-context.ts";
import { parseSegments, translateSegmentsPrompt } from "./ai-prompts.ts";
import type { StoredTranslation, TranslationFields } from "./ai.repo.ts";

export const TRANSLATABLE = ["title", "description", "content", "readabilityContent"] as const;
export type TranslatableField = (typeof TRANSLATABLE)[number];

export interface TranslationQuery {
  id: string;
  language: string;
  fields: TranslatableField[];
  /** Translate only this block (0-based) of the content, e.g. the paragraph in view. */
  part?: number;
}

/** GET /ai/translation's answer: the fields translated; absent ones needed no translation. */
export type TranslationResult = Partial<Record<TranslatableField | "contentImmersive" | "readabilityContentImmersive", string>>;

/** Characters of HTML per provider request: long articles go in several, a few paragraphs each. */
const BATCH_CHARS = 6000;
const MAX_RETRIED_SEGMENTS = 4;

/**
 * Translations of entries, kept per entry and language and shared by every reader. Fields already
 * in the target language (franc's judgement) are skipped and remembered as such; content is
 * translated block by block with its markup kept, and comes back twice, re-sanitised: translated,
 * and "immersive" (each paragraph followed by its translation).
 */
export function createTranslations(context: AiContext) {
  const { repo } = context;

  async function translateContent(resolved: ResolvedProvider, html: string, language: string, only?: number) {
    // linkedom (~10 MB resident) loads with the first translation of content, not with the server.
    const { splitContent } = await import("./translate-html.ts");
    const split = splitContent(html);
    const wanted = split.pieces.map((piece, i) => (only === undefined || only === i ? piece : null));
    const translations = await translatePieces(resolved, wanted, language);
    return { split, translations };
  }

  async function translatePieces(resolved: ResolvedProvider, pieces: (string | null)[], language: string): Promise<(string | null)[]> {
    const result: (string | null)[] = pieces.map(() => null);
    let batch: number[] = [];
    let size = 0;
    const ask = async (indexes: number[]) => {
      const segments = indexes.map((i) => pieces[i]!);
      let answer: string;
      try {
        answer = await resolved.provider.complete({ messages: translateSegmentsPrompt(segments, language), model: resolved.models.translation });
      } catch (error) {
        providerFailure(error);
      }
      parseSegments(answer, segments.length).forEach((translation, j) => (result[indexes[j]!] = translation));
    };
    const flush = async () => {
      if (batch.length === 0) return;
      await ask(batch);
      // Segments the answer lost (a model that merged or skipped markers) are asked for alone, a few at most.
      const lost = batch.filter((i) => result[i] === null);
      if (batch.length > 1) for (const i of lost.slice(0, MAX_RETRIED_SEGMENTS)) await ask([i]);
      batch = [];
      size = 0;
    };
    for (let i = 0; i < pieces.length; i++) {
      const piece = pieces[i];
      if (!piece) continue;
      if (size > 0 && size + piece.length > BATCH_CHARS) await flush();
      batch.push(i);
      size += piece.length;
    }
    await flush();
    return result;
  }

  return {
    async translate(user: RequestUser, query: TranslationQuery): Promise<TranslationResult | null> {
      const language = query.language;
      if (query.part === undefined) {
        // Fields translated (or found in the language) before are served at once.
        const { visible, kept } = await repo.translationFor(user.id, query.id, language);
        if (!visible) throw new AppError(ErrorCode.EntryNotFound);
        if (kept && query.fields.every((field) => storedField(kept, field) !== null || kept.skipped?.includes(field))) {
          const result: TranslationResult = {};
          for (const field of query.fields) if (storedField(kept, field) !== null) copyStored(kept, field, result);
          return Object.keys(result).length ? result : null;
        }
      }
      const resolved = await requireProvider(context, user);
      const entry = await context.entryFor(user, query.id);
      if (query.part !== undefined) {
        const target: ContentTarget = query.fields.includes("readabilityContent") ? "readabilityContent" : "content";
        const html = await targetHtml(context, user, entry, target);
        if (!html) return null;
        await takeCall(context, user);
        const { split, translations } = await translateContent(resolved, html, language, query.part);
        const translated = translations[query.part];
        return translated ? { [target]: split.apply(translations, language).translated } : null;
      }
      const stored = await repo.translation(entry.id, language);
      const result: TranslationResult = {};
      const missing: TranslatableField[] = [];
      for (const field of query.fields) {
        if (storedField(stored, field) !== null) copyStored(stored!, field, result);
        else if (!stored?.skipped?.includes(field)) missing.push(field);
      }
      if (missing.length === 0) return Object.keys(result).length ? result : null;

      const texts = new Map<TranslatableField, string>();
      for (const field of missing) {
        const source = field === "title" ? entry.title : field === "description" ? entry.description : await targetHtml(context, user, entry, field);
        if (source?.trim()) texts.set(field, source);
      }
      const { isInLanguage } = await import("./ai-language-detect.ts");
      const skipped = [...texts].filter(([field, source]) => isInLanguage(field === "title" || field === "description" ? source : plainText(source), language)).map(([field]) => field);
      for (const field of skipped) texts.delete(field);
      const fields: TranslationFields = {};
      if (texts.size > 0) {
        await takeCall(context, user);
        const short = (["title", "description"] as const).filter((field) => texts.has(field));
        if (short.length > 0) {
          const answers = await translatePieces(resolved, short.map((field) => texts.get(field)!), language);
          short.forEach((field, i) => {
            if (answers[i]) fields[field] = answers[i];
          });
        }
        for (const field of ["content", "readabilityContent"] as const) {
          const html = texts.get(field);
          if (!html) continue;
          const { split, translations } = await translateContent(resolved, html, language);
          if (!translations.some(Boolean)) continue;
          const { translated, immersive } = split.apply(translations, language);
          fields[field] = translated;
          fields[field === "content" ? "contentImmersive" : "readabilityContentImmersive"] = immersive;
        }
        if (Object.keys(fields).length === 0) throw new AppError(ErrorCode.AiProviderError, { reason: "The provider's answer held no translation." });
      }
      await repo.saveTranslation(entry.id, language, fields, skipped);
      for (const [field, value] of Object.entries(fields)) if (value) result[field as keyof TranslationResult] = value;
      return Object.keys(result).length ? result : null;
    },
  };
}

function storedField(stored: StoredTranslation | null, field: TranslatableField): string | null {
  return stored ? (stored[field] ?? null) : null;
}

function copyStored(stored: StoredTranslation, field: TranslatableField, result: TranslationResult): void {
  result[field] = stored[field]!;
  if (field === "content" && stored.contentImmersive) result.contentImmersive = stored.contentImmersive;
  if (field === "readabilityContent" && stored.readabilityContentImmersive) result.readabilityContentImmersive = stored.readabilityContentImmersive;
}

export type Translations = ReturnType<typeof createTranslations>;
