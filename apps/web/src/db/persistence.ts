/**
 * Whether the local database is written (setting dataPersist, spec §3/§4) and whether it works at
 * all: when IndexedDB fails the app goes on from memory, with a console warning.
 */
let enabled = true;
let broken = false;

export function setPersistence(on: boolean): void {
  enabled = on;
}

export function persistenceActive(): boolean {
  return enabled && !broken;
}

/** Runs a write; a failing database is switched off for the session instead of breaking the app. */
export async function guarded<T>(write: () => Promise<T>): Promise<T | undefined> {
  if (!persistenceActive()) return undefined;
  try {
    return await write();
  } catch (error) {
    broken = true;
    console.warn("Local database unavailable; continuing in memory.", error);
    return undefined;
  }
}
