import type { SQL } from "drizzle-orm";
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
  /**
   * SQL conditions, any of which holds when ingestThen may have work for new entries of feed
   * `feedId` delivered to its own subscribers: one of them has rules, somebody has a device to
   * notify. The refresher reads them in the statement that stores the entries: when none holds,
   * that statement needs no transaction around it (store-entries.ts).
   */
  busyIf(feedId: string): SQL[];
}
