import { api } from "../lib/api-client.ts";
import { database } from "../db/database.ts";
import { guarded, persistenceActive } from "../db/persistence.ts";

/**
 * Sends the changes made while offline, oldest first, once the connection is back. A change the
 * server refuses for good (4xx) is dropped; a network failure leaves the rest for the next try.
 */
export async function flushOutbox(): Promise<number> {
  if (!persistenceActive()) return 0;
  const db = database();
  const items = (await guarded(() => db.outbox.orderBy("createdAt").toArray())) ?? [];
  let sent = 0;
  for (const item of items) {
    try {
      if (item.kind === "read") await api("reads", { json: { entryIds: item.entryIds } });
      else if (item.kind === "unread") await api("reads", { method: "DELETE", json: { entryIds: item.entryIds } });
      else if (item.kind === "star") await api("collections", { json: { entryId: item.entryIds[0], view: item.view ?? 0 } });
      else await api("collections", { method: "DELETE", json: { entryId: item.entryIds[0] } });
    } catch (error) {
      const status = (error as { status?: number }).status;
      if (status === undefined || status >= 500) break;
    }
    await guarded(() => db.outbox.delete(item.id!));
    sent++;
  }
  return sent;
}
