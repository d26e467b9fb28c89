import type { Executor } from "../../db/client.ts";
import type { RequestUser } from "../../http/context.ts";
import type { Clock } from "../../lib/clock.ts";
import type { Logger } from "../../lib/logger.ts";
import type { ActionsRepo } from "./actions.repo.ts";

/** What ingestion leaves to do once its transaction is committed. */
export interface AfterIngest {
  /** AI work on behalf of readers (their provider, their budget). */
  ai: { userId: string; entryId: string; view: number; summary: boolean; translation: string | null }[];
  /** Push notifications the rules ask for (`newEntryNotification`): the caller queues them with the ingestion's own. */
  notify: { userId: string; entryId: string; title: string | null; feedTitle: string | null }[];
  webhooks: number;
}

export interface ActionsServiceDeps {
  repo: ActionsRepo;
  /** Runs work in one database transaction. */
  transaction: <T>(work: (tx: Executor) => Promise<T>) => Promise<T>;
  clock: Clock;
  logger: Logger;
  ids: { next(): string };
  limits: { maxActions: number; maxWebhooksPerAction: number };
  /** Summarises / translates an entry for a reader (the AI helpers' ingestion hooks); absent: skipped. */
  ai?: { summarize(userId: string, entryId: string, language: string): Promise<unknown>; translate(userId: string, entryId: string, language: string, view: number): Promise<unknown> };
  /** Wakes the webhook sender of this process. */
  wakeWebhooks?: () => void;
  /** Throws the private-network policy's refusal (16000) when the reader may not use a webhook's address. */
  checkAddress?: (user: RequestUser, url: string) => Promise<void>;
}
