import { type AiConfig, ErrorCode } from "@tidings/contracts";
import { AppError } from "../../errors.ts";
import type { RequestUser } from "../../http/context.ts";
import { AiProviderError } from "../../lib/ai/provider.ts";
import { type AiContext, plainText, providerFailure, requireProvider, takeCall, today } from "./ai-context.ts";
import { createDailyReports } from "./ai-daily.ts";
import { createSummaries } from "./ai-summary.ts";
import { createTranslations, type TranslatableField } from "./ai-translation.ts";

/** The longest text sent to speech synthesis (OpenAI's /audio/speech takes 4096 characters). */
const SPEECH_MAX_CHARS = 4096;
const DEFAULT_VOICE = "alloy";

/** The user a background task acts for: only its id is read below the routes. */
const systemUser = (id: string) => ({ id }) as RequestUser;

/** The AI helpers: summaries, translations, daily reports, speech, and the reader's provider. */
export function createAiService(context: AiContext) {
  const summaries = createSummaries(context);
  const translations = createTranslations(context);
  const daily = createDailyReports(context);
  return {
    summaries,
    translations,
    daily,
    /**
     * For the Actions engine, at ingestion: an entry summarised or translated on behalf of the
     * rule's owner (their provider, their budget), stored like any other and shared by every
     * reader afterwards. Failures throw as they do for the API (AppError 11000-11003).
     */
    ingestion: {
      summarize: (ownerId: string, entryId: string, language: string) => summaries.summary(systemUser(ownerId), { id: entryId, language, target: "content" }),
      translate: (ownerId: string, entryId: string, language: string, fields: TranslatableField[]) => translations.translate(systemUser(ownerId), { id: entryId, language, fields }),
    },
    settings: (user: RequestUser) => context.providers.settings(user.id),
    saveSettings: (user: RequestUser, input: Parameters<AiContext["providers"]["saveSettings"]>[1]) => context.providers.saveSettings(user, input),

    async config(user: RequestUser): Promise<AiConfig> {
      const resolved = await context.providers.forUser(user.id);
      return {
        chat: resolved !== null,
        speech: Boolean(resolved?.models.speech),
        source: resolved?.source ?? null,
        model: resolved?.models.summary ?? null,
        dailyLimit: context.dailyLimit || null,
        usedToday: await context.repo.callsOn(user.id, today(context.clock)),
      };
    },

    /** An entry read aloud by the provider's /audio/speech: its title, then its text. */
    async speech(user: RequestUser, input: { id: string; voice?: string; speed?: number }) {
      const resolved = await requireProvider(context, user);
      if (!resolved.models.speech) {
        throw new AppError(ErrorCode.AiNotConfigured, { reason: "This instance has no speech model (AI_SPEECH_MODEL): the browser reads entries aloud." });
      }
      const entry = await context.entryFor(user, input.id);
      const text = [entry.title?.trim(), plainText(entry.readabilityContent ?? entry.content) || plainText(entry.description)].filter(Boolean).join("\n\n").slice(0, SPEECH_MAX_CHARS);
      if (!text) throw new AppError(ErrorCode.UnprocessableContent, { reason: "The entry has no text to read." });
      await takeCall(context, user);
      const speak = (voice: string) => resolved.provider.speech({ text, voice, speed: input.speed, model: resolved.models.speech! });
      try {
        try {
          return await speak(input.voice || DEFAULT_VOICE);
        } catch (error) {
          // The reader's voice is the browser's kind (en-US-AndrewMultilingualNeural): a provider
          // that does not know it is asked again with its usual default.
          if (error instanceof AiProviderError && error.kind === "refused" && input.voice && input.voice !== DEFAULT_VOICE) return await speak(DEFAULT_VOICE);
          throw error;
        }
      } catch (error) {
        providerFailure(error);
      }
    },
  };
}

export type AiService = ReturnType<typeof createAiService>;
