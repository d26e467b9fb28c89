import { database } from "./database.ts";
import { guarded } from "./persistence.ts";

/**
 * How far the reader got in a timeline, as the server paged it: the entry ids in order, each
 * one's cursor, and the cursor of the page after the last. Kept per timeline in the local
 * database, so a reload or a lost connection shows the same list in the same order, and paging
 * on from any item neither skips nor repeats an entry.
 */
export interface TimelineChain {
  ids: string[];
  cursors: string[];
  nextCursor: string | null;
  savedAt: number;
}

const PREFIX = "timeline:";
/** Timelines remembered; the least recently saved go first. */
export const KEEP_CHAINS = 50;
/** Entries remembered per timeline. */
export const CHAIN_LENGTH = 600;

const chains = new Map<string, TimelineChain>();

/** The remembered chain of a timeline (loaded at start by {@link loadTimelineChains}). */
export function timelineChain(key: string): TimelineChain | undefined {
  return chains.get(key);
}

/** Remembers a timeline's chain, in memory and in the local database. */
export function saveTimelineChain(key: string, chain: Omit<TimelineChain, "savedAt">): Promise<unknown> {
  const cut = chain.ids.length > CHAIN_LENGTH;
  const kept: TimelineChain = {
    ids: chain.ids.slice(0, CHAIN_LENGTH),
    cursors: chain.cursors.slice(0, CHAIN_LENGTH),
    // Cut short, the chain goes on after its own last item.
    nextCursor: cut ? (chain.cursors[CHAIN_LENGTH - 1] ?? null) : chain.nextCursor,
    savedAt: Date.now(),
  };
  chains.set(key, kept);
  return guarded(async () => {
    const db = database();
    await db.meta.put({ key: PREFIX + key, value: kept });
    const stored = await db.meta.where("key").startsWith(PREFIX).toArray();
    if (stored.length <= KEEP_CHAINS) return;
    const oldest = stored.sort((a, b) => (a.value as TimelineChain).savedAt - (b.value as TimelineChain).savedAt).slice(0, stored.length - KEEP_CHAINS);
    await db.meta.bulkDelete(oldest.map((row) => row.key));
  });
}

/** Loads every remembered chain into memory (at start, with the rest of the local data). */
export async function loadTimelineChains(): Promise<void> {
  const rows = await database().meta.where("key").startsWith(PREFIX).toArray();
  for (const row of rows) chains.set(row.key.slice(PREFIX.length), row.value as TimelineChain);
}

/** Forgets every chain in memory (sign-out, another user; the database is cleared apart). */
export function clearTimelineChains(): void {
  chains.clear();
}

/**
 * The part of a chain the device can show: its ids up to the first entry it no longer holds,
 * and the cursor to page on from there.
 */
export function usableChain(chain: TimelineChain, known: (id: string) => boolean): { ids: string[]; nextCursor: string | null } {
  const end = chain.ids.findIndex((id) => !known(id));
  if (end === -1) return { ids: chain.ids, nextCursor: chain.nextCursor };
  return { ids: chain.ids.slice(0, end), nextCursor: end === 0 ? null : (chain.cursors[end - 1] ?? null) };
}
