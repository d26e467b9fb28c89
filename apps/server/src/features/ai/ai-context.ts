import { ErrorCode } from "@tidings/contracts";
import { AppError } from "../../errors.ts";
import { htmlToText } from "../../content/html-text.ts";
import { AiProviderError } from "../../lib/ai/provider.ts";
import type { Clock } from "../../lib/clock.ts";
import type { Logger } from "../../lib/logger.ts";
import type { RequestUser } from "../../http/context.ts";
import type { AiProviders, ResolvedProvider } from "./ai-providers.ts";
import type { AiRepo } from "./ai.repo.ts";

/** An entry as the AI helpers read it. */
export interface AiEntry {
  id: string;
  title: string | null;
  description: string | null;
  content: string | null;
  readabilityContent: string | null;
  url: string | null;
}

/** What every AI helper works with. */
export interface AiContext {
  repo: AiRepo;
  providers: AiProviders;
  clock: Clock;
  logger: Logger;
  /** Provider calls a reader may cause per day; 0: no limit. */
  dailyLimit: number;
  /** The entry, if the reader may see it (3000 otherwise). */
  entryFor: (user: RequestUser, entryId: string) => Promise<AiEntry>;
  /** Whether the entry exists and the reader may see it: one cheap query, for answers already stored. */
  canSee: (user: RequestUser, entryId: string) => Promise<boolean>;
  /** The entry's full article (fetched once and kept), or null when its page has none. */
  readabilityFor: (user: RequestUser, entryId: string) => Promise<string | null>;
}

export type ContentTarget = "content" | "readabilityContent";

/** The HTML of an entry a helper reads: its content, or its full article. */
export async function targetHtml(context: AiContext, user: RequestUser, entry: AiEntry, target: ContentTarget): Promise<string | null> {
  if (target === "content") return entry.content;
  return entry.readabilityContent ?? (await context.readabilityFor(user, entry.id));
}

/** Plain text of HTML: blocks on their own lines. */
export const plainText = (html: string | null | undefined): string => (html ? htmlToText(html).trim() : "");

export const today = (clock: Clock): string => clock.now().toISOString().slice(0, 10);

/** Fails with 3000 unless the entry exists and the reader may see it. */
export async function requireVisible(context: AiContext, user: RequestUser, entryId: string): Promise<void> {
  if (!(await context.canSee(user, entryId))) throw new AppError(ErrorCode.EntryNotFound);
}

/** The reader's provider, or 11000 when none is configured. */
export async function requireProvider(context: AiContext, user: RequestUser): Promise<ResolvedProvider> {
  const resolved = await context.providers.forUser(user.id);
  if (!resolved) {
    throw new AppError(ErrorCode.AiNotConfigured, {
      reason: "This instance has no AI provider (AI_BASE_URL) and you have not set your own in Settings → AI.",
    });
  }
  return resolved;
}

/** Counts one provider call against the reader's daily budget, or fails with 11001. */
export async function takeCall(context: AiContext, user: RequestUser): Promise<void> {
  if (!(await context.repo.takeCall(user.id, today(context.clock), context.dailyLimit))) {
    throw new AppError(ErrorCode.AiDailyLimit, { reason: `You have used today's ${context.dailyLimit} AI requests; the count starts again at midnight UTC.` });
  }
}

/**
 * A provider failure as the API's error: 16000 for an address the private-network policy
 * refused, 11003 for a timeout, 11002 with the provider's reason otherwise.
 */
export function providerFailure(error: unknown): never {
  if (error instanceof AppError) throw error;
  if (error instanceof AiProviderError) {
    if (error.addressRefused) throw new AppError(ErrorCode.AddressNotAllowed, { reason: error.message, cause: error });
    if (error.kind === "timeout") throw new AppError(ErrorCode.AiProviderTimeout, { reason: error.message, cause: error });
    throw new AppError(ErrorCode.AiProviderError, { reason: error.message, cause: error });
  }
  throw error;
}
