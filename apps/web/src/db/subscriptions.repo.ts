import type { Subscription } from "@tidings/contracts";
import { database } from "./database.ts";
import { guarded } from "./persistence.ts";

const keyOf = (s: Subscription) => ("feedId" in s ? s.feedId : "listId" in s ? s.listId : s.inboxId);

/** Replaces the stored subscriptions with the server's list. */
export function persistSubscriptions(subscriptions: Subscription[]) {
  return guarded(async () => {
    const db = database();
    await db.transaction("rw", db.subscriptions, async () => {
      await db.subscriptions.clear();
      await db.subscriptions.bulkPut(subscriptions.map((subscription) => ({ id: keyOf(subscription), subscription })));
    });
  });
}

export async function loadSubscriptions(): Promise<Subscription[]> {
  return (await database().subscriptions.toArray()).map((row) => row.subscription);
}
