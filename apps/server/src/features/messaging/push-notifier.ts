import type { Logger } from "../../lib/logger.ts";
import type { MessagingRepo, PushEntryRow } from "./messaging.repo.ts";
import type { PushDelivery } from "./push-delivery.ts";
import { entriesForDevice, messagesFor } from "./push-messages.ts";

interface Batch {
  /** Entries delivered, with when (the ingestion's time); null: whenever (a rule's, alone). */
  entries: Map<string, Date | null>;
  /** Per reader, entries their rules (Actions' "notify") asked to announce. */
  ruled: Map<string, Set<string>>;
  sent: Promise<void>;
}

/**
 * Push notifications of new entries, after the ingestion that delivered them is committed.
 *
 * What one ingestion asks for (its new entries, and its rules' "notify" results, given in the same
 * turn of the event loop) is one batch: per device, each entry up to a few, else one summary.
 * Rows are read after the commit, so entries the reader's rules blocked (gone from their timeline)
 * or silenced (not unread) are never announced for a view. Errors are logged, never thrown: a push
 * service's trouble is no ingestion's. `delivery` null (a process without VAPID keys) sends nothing.
 */
export function createPushNotifier(deps: { repo: MessagingRepo; delivery: PushDelivery | null; logger: Logger }) {
  const { repo, delivery, logger } = deps;
  const inFlight = new Set<Promise<void>>();
  let open: Batch | null = null;

  async function flush(batch: Batch): Promise<void> {
    const rows = await repo.deliveredEntries([...batch.entries].map(([entryId, at]) => ({ entryId, at })));
    if (rows.length === 0) return;
    const byUser = new Map<string, PushEntryRow[]>();
    for (const row of rows) {
      const own = byUser.get(row.user_id);
      if (own) own.push(row);
      else byUser.set(row.user_id, [row]);
    }
    const devices = await repo.devicesOf([...byUser.keys()]);
    await Promise.all(
      devices.map(async (device) => {
        const chosen = entriesForDevice(byUser.get(device.userId) ?? [], device.views, batch.ruled.get(device.userId) ?? new Set());
        for (const message of messagesFor(chosen)) {
          if ((await delivery!.send(device, message)) === "removed") return;
        }
      }),
    );
  }

  /** The batch of this turn, flushed once the turn is over. */
  function batch(): Batch {
    if (open) return open;
    const opened: Batch = { entries: new Map(), ruled: new Map(), sent: Promise.resolve() };
    opened.sent = Promise.resolve()
      .then(() => {
        open = null;
        return flush(opened);
      })
      .catch((error: unknown) => logger.error({ err: error }, "push notifications failed"));
    inFlight.add(opened.sent);
    void opened.sent.finally(() => inFlight.delete(opened.sent));
    return (open = opened);
  }

  return {
    /** Entries an ingestion delivered at `at` (after its commit): announced where readers chose their view. */
    newEntries(entryIds: readonly string[], at: Date): Promise<void> {
      if (!delivery || entryIds.length === 0) return Promise.resolve();
      const current = batch();
      for (const id of entryIds) current.entries.set(id, at);
      return current.sent;
    },

    /** Entries readers' rules asked to announce (Actions' `newEntryNotification`), whatever their view. */
    notify(items: readonly { userId: string; entryId: string }[]): Promise<void> {
      if (!delivery || items.length === 0) return Promise.resolve();
      const current = batch();
      for (const { userId, entryId } of items) {
        if (!current.entries.has(entryId)) current.entries.set(entryId, null);
        let ruled = current.ruled.get(userId);
        if (!ruled) current.ruled.set(userId, (ruled = new Set()));
        ruled.add(entryId);
      }
      return current.sent;
    },

    /** Resolves once every batch asked for so far is sent (tests, shutdown). */
    async settled(): Promise<void> {
      while (inFlight.size > 0) await Promise.all(inFlight);
    },
  };
}

export type PushNotifier = ReturnType<typeof createPushNotifier>;
