import type { EntryState } from "../../store/entries.store.ts";
import { sortTimeOf } from "./group-by-date.ts";

/** How many locally known entries a timeline shows while the server is out of reach. */
export const CACHED_LIMIT = 500;

/**
 * The entries of a timeline that the device already holds (hydrated from the local database or
 * loaded earlier), newest first: what the timeline shows offline and while its first page loads,
 * so a reload without a connection still lists what was read before (spec §1 offline support).
 * Unread-only keeps only entries known to be unread; the starred timeline keeps starred entries.
 */
export function cachedEntryIds(
  byId: Readonly<Record<string, EntryState>>,
  sourceKeys: readonly string[],
  options: { unreadOnly: boolean; starred: boolean; limit?: number },
): string[] {
  const keys = new Set(sourceKeys);
  const matches: EntryState[] = [];
  for (const item of Object.values(byId)) {
    if (options.starred) {
      // Stars of this view: of its sources when they are known.
      if (!item.starredAt || (keys.size > 0 && !keys.has(item.sourceKey))) continue;
    } else if (!keys.has(item.sourceKey) || (options.unreadOnly && item.read !== false)) continue;
    matches.push(item);
  }
  matches.sort((a, b) => {
    const byTime = sortTimeOf(b, options.starred).localeCompare(sortTimeOf(a, options.starred));
    return byTime !== 0 ? byTime : b.entry.id.localeCompare(a.entry.id);
  });
  return matches.slice(0, options.limit ?? CACHED_LIMIT).map((item) => item.entry.id);
}
