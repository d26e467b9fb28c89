import { z } from "zod";
import { type EnvOf, type EnvShape, integer, url } from "../../config/parsers.ts";

export const aiEnv = {
  AI_BASE_URL: url("AI_BASE_URL", ["http:", "https:"]).optional(),
  AI_API_KEY: z.string().optional(),
  AI_MODEL: z.string().trim().min(1).optional(),
  AI_SUMMARY_MODEL: z.string().trim().min(1).optional(),
  AI_TRANSLATION_MODEL: z.string().trim().min(1).optional(),
  AI_DAILY_MODEL: z.string().trim().min(1).optional(),
  AI_SPEECH_MODEL: z.string().trim().optional(),
  AI_DAILY_LIMIT: integer("AI_DAILY_LIMIT", 200, 0, 1_000_000),
  AI_TIMEOUT_SECONDS: integer("AI_TIMEOUT_SECONDS", 60, 1, 3600),
} satisfies EnvShape;

/**
 * The instance's AI provider (any OpenAI-compatible chat-completions API), null without
 * AI_BASE_URL: summaries are then extractive and translation needs a reader's own provider.
 * `dailyLimit` is the provider calls one reader may cause per day (0: no limit).
 */
export interface AiConfig {
  readonly provider: {
    readonly baseUrl: string;
    readonly apiKey: string | null;
    readonly model: string;
    readonly summaryModel: string;
    readonly translationModel: string;
    readonly dailyModel: string;
    /** The `/audio/speech` model; null: no server-side speech (the browser speaks). */
    readonly speechModel: string | null;
  } | null;
  readonly dailyLimit: number;
  readonly timeoutMs: number;
}

export function aiConfig(e: EnvOf<typeof aiEnv>, problems: string[]): AiConfig {
  if (e.AI_BASE_URL && !e.AI_MODEL) problems.push("AI_MODEL must be set with AI_BASE_URL (the model to ask, e.g. gpt-4o-mini or llama3.1)");
  return Object.freeze({
    provider:
      e.AI_BASE_URL && e.AI_MODEL
        ? Object.freeze({
            baseUrl: e.AI_BASE_URL.replace(/\/+$/, ""),
            apiKey: e.AI_API_KEY || null,
            model: e.AI_MODEL,
            summaryModel: e.AI_SUMMARY_MODEL ?? e.AI_MODEL,
            translationModel: e.AI_TRANSLATION_MODEL ?? e.AI_MODEL,
            dailyModel: e.AI_DAILY_MODEL ?? e.AI_MODEL,
            speechModel: e.AI_SPEECH_MODEL || null,
          })
        : null,
    dailyLimit: e.AI_DAILY_LIMIT,
    timeoutMs: e.AI_TIMEOUT_SECONDS * 1000,
  });
}
