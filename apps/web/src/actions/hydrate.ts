import { database } from "../db/database.ts";
import { loadRecentEntries } from "../db/entries.repo.ts";
import { clearTimelineChains, loadTimelineChains } from "../db/timeline-chains.repo.ts";
import { guarded, persistenceActive } from "../db/persistence.ts";
import { loadSources } from "../db/sources.repo.ts";
import { loadSubscriptions } from "../db/subscriptions.repo.ts";
import { loadUnread } from "../db/unread.repo.ts";
import { entriesActions } from "../store/entries.store.ts";
import { sourcesActions } from "../store/sources.store.ts";
import { subscriptionsActions } from "../store/subscriptions.store.ts";
import { unreadActions } from "../store/unread.store.ts";

/** Hydration gives up after this long: a slow disk must not hold the first paint (facts §8: 1 s). */
export const HYDRATE_TIMEOUT_MS = 1000;

/**
 * Fills the stores from the local database (spec §4 database hydration): subscriptions, unread
 * counts and the newest 20 entries of each source, so a reload shows the last state before the
 * network answers. A different signed-in user first clears the local data.
 */
export async function hydrate(userId: string): Promise<void> {
  if (!persistenceActive()) return;
  const db = database();
  const owner = (await guarded(() => db.meta.get("userId")))?.value;
  if (owner !== undefined && owner !== userId) await clearLocalData();
  await guarded(() => db.meta.put({ key: "userId", value: userId }));
  const work = Promise.all([loadSubscriptions(), loadUnread(), loadRecentEntries(), loadSources(), loadTimelineChains()]).then(([subscriptions, unread, entries, sources]) => {
    sourcesActions.hydrate([...sources, ...sourcesActions.fromSubscriptions(subscriptions)]);
    subscriptionsActions.hydrate(subscriptions);
    unreadActions.hydrate(unread);
    entriesActions.hydrate(entries.map((row) => ({ entry: row.entry, sourceKey: row.sourceKey, read: row.read, starredAt: row.starredAt })));
  });
  await Promise.race([guarded(() => work), new Promise((resolve) => setTimeout(resolve, HYDRATE_TIMEOUT_MS))]);
}

/** Empties the local database and the stores (sign-out, another user). */
export async function clearLocalData(): Promise<void> {
  entriesActions.clear();
  clearTimelineChains();
  sourcesActions.clear();
  subscriptionsActions.clear();
  unreadActions.clear();
  await guarded(async () => {
    const db = database();
    await Promise.all(db.tables.map((table) => table.clear()));
  });
}
