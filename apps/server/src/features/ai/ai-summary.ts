import { ErrorCode } from "@tidings/contracts";
import { AppError } from "../../errors.ts";
import type { RequestUser } from "../../http/context.ts";
import { type AiContext, type ContentTarget, plainText, providerFailure, takeCall, targetHtml } from "./ai-context.ts";
import { summaryPrompt } from "./ai-prompts.ts";
import { extractiveSummary } from "./extractive-summary.ts";

/** Plain text shorter than this is not summarised (spec: summary minimum text). */
export const SUMMARY_MIN_CHARS = 100;

export interface SummaryQuery {
  id: string;
  language: string;
  target: ContentTarget;
}

/** What a summary stream says: text as it is generated, then the whole summary (null: too short). */
export type SummaryEvent = { type: "delta"; text: string } | { type: "done"; summary: string | null; extractive: boolean };

/**
 * Summaries of entries, kept per entry, language and target and shared by every reader. With a
 * provider, the summary is streamed as the model writes it; without one (or for a reader whose
 * instance has none) it is extractive: the article's own most central sentences (TextRank), in
 * the article's language. A summary already being made is awaited, never asked for twice.
 */
export function createSummaries(context: AiContext) {
  const { repo } = context;
  const inFlight = new Map<string, Promise<string>>();

  async function* events(user: RequestUser, query: SummaryQuery): AsyncGenerator<SummaryEvent> {
    // A provider's summary already made is served at once: one visibility check, one read.
    const { visible, kept } = await repo.summaryFor(user.id, query.id, query.language, query.target);
    if (!visible) throw new AppError(ErrorCode.EntryNotFound);
    if (kept && kept.model !== null) {
      yield { type: "done", summary: kept.summary, extractive: false };
      return;
    }
    const entry = await context.entryFor(user, query.id);
    const text = plainText(await targetHtml(context, user, entry, query.target)) || plainText(entry.description);
    if (text.length < SUMMARY_MIN_CHARS) {
      yield { type: "done", summary: null, extractive: false };
      return;
    }
    const resolved = await context.providers.forUser(user.id);
    if (kept && !resolved) {
      yield { type: "done", summary: kept.summary, extractive: true };
      return;
    }
    if (!resolved) {
      // In the article's own language (its script decides how it is cut), not the one asked for.
      // At most 40% of a short article: a summary as long as the article says nothing.
      const summary = extractiveSummary(text, { maxChars: Math.min(600, Math.max(120, Math.floor(text.length * 0.4))) });
      await repo.saveSummary(entry.id, query.language, query.target, summary, null);
      yield { type: "done", summary, extractive: true };
      return;
    }
    const key = `${entry.id}\u0000${query.language}\u0000${query.target}`;
    const pending = inFlight.get(key);
    if (pending) {
      yield { type: "done", summary: await pending, extractive: false };
      return;
    }
    await takeCall(context, user);
    let settle!: { resolve: (summary: string) => void; reject: (error: unknown) => void };
    const shared = new Promise<string>((resolve, reject) => (settle = { resolve, reject }));
    shared.catch(() => {});
    inFlight.set(key, shared);
    try {
      let summary = "";
      try {
        for await (const delta of resolved.provider.stream({ messages: summaryPrompt({ title: entry.title, text, language: query.language }), model: resolved.models.summary })) {
          summary += delta;
          yield { type: "delta", text: delta };
        }
      } catch (error) {
        providerFailure(error);
      }
      summary = summary.trim();
      if (!summary) throw new AppError(ErrorCode.AiProviderError, { reason: "The provider answered with an empty summary." });
      await repo.saveSummary(entry.id, query.language, query.target, summary, resolved.models.summary);
      settle.resolve(summary);
      yield { type: "done", summary, extractive: false };
    } catch (error) {
      settle.reject(error);
      throw error;
    } finally {
      // A reader who leaves mid-stream ends this generator early: whoever waits on it is told.
      settle.reject(new AppError(ErrorCode.AiProviderError, { reason: "The summary was interrupted; ask again." }));
      inFlight.delete(key);
    }
  }

  return {
    events,
    /** The whole summary (the reference API's GET /ai/summary): null when the text is too short. */
    async summary(user: RequestUser, query: SummaryQuery): Promise<string | null> {
      let summary: string | null = null;
      for await (const event of events(user, query)) if (event.type === "done") summary = event.summary;
      return summary;
    },
  };
}

export type Summaries = ReturnType<typeof createSummaries>;
