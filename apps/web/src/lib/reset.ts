import { browserPush } from "./push.ts";
import { storage } from "./storage.ts";

/** Device preferences that survive a sign-out (not a full reset). */
const PREFERENCE_KEYS = ["color-mode", "language"];

/**
 * Deletes what this app keeps in the browser: its push subscription, its local-storage keys, its
 * session storage and its IndexedDB databases. With `keepPreferences` (sign-out), the colour mode and language stay. The
 * server copy of the data is untouched.
 */
export async function resetLocalData(options: { keepPreferences?: boolean } = {}): Promise<void> {
  // Push notifications are the signed-in reader's: this browser stops receiving them (the server
  // forgets the device when the push service refuses its next message).
  await browserPush.unsubscribe().catch(() => null);
  const kept = options.keepPreferences ? PREFERENCE_KEYS.map((key) => [key, storage.get(key)] as const) : [];
  storage.clearAll();
  for (const [key, value] of kept) if (value !== null) storage.set(key, value);
  try {
    sessionStorage.clear();
  } catch {
    // unavailable
  }
  if (typeof indexedDB === "undefined" || !indexedDB.databases) return;
  const databases = await indexedDB.databases();
  await Promise.all(
    databases.map(
      (database) =>
        new Promise<void>((resolve) => {
          if (!database.name) return resolve();
          const request = indexedDB.deleteDatabase(database.name);
          request.onsuccess = request.onerror = request.onblocked = () => resolve();
        }),
    ),
  );
}
