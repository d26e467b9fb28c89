import type { Executor } from "./db/client.ts";

/**
 * Ports shared by several features, declared below them so that none imports another to use them:
 * the composition root (root.ts) implements each from the features that provide it.
 */

/**
 * What ingestion (the refresher, inboxes) runs on new entries, in the transaction that delivers
 * them: readers' rules (Actions) first, which block and silence, then push notifications of what
 * is left. What they leave for after the commit (AI, notifications, waking the webhook sender) is
 * the function returned.
 */
export interface IngestActions {
  ingestThen(executor: Executor, entryIds: string[], now: Date): Promise<(() => void) | null>;
}
