import type { TimelineItem } from "@tidings/contracts";
import { database, type LocalEntry } from "./database.ts";
import { guarded } from "./persistence.ts";

/** Entries kept per source for offline reading; the newest are kept. */
export const KEEP_PER_SOURCE = 100;
/** Entries per source loaded into memory at start (spec §9: 20). */
export const HYDRATE_PER_SOURCE = 20;

const sourceKeyOf = (item: TimelineItem) => (item.feeds.type === "inbox" ? item.feeds.id : (item.entries.feedId ?? item.feeds.id));

/** Keeps server items locally (content included when known), then trims each source. */
export function persistItems(items: TimelineItem[]) {
  if (items.length === 0) return Promise.resolve(undefined);
  return guarded(async () => {
    const db = database();
    const now = Date.now();
    const known = new Map((await db.entries.bulkGet(items.map((item) => item.entries.id))).flatMap((row) => (row ? [[row.id, row] as const] : [])));
    const rows: LocalEntry[] = items.map((item, index) => {
      const previous = known.get(item.entries.id);
      const entry = item.entries.content === undefined && previous?.entry.content !== undefined ? { ...item.entries, content: previous.entry.content } : item.entries;
      return { id: item.entries.id, sourceKey: sourceKeyOf(item), entry, read: item.read, starredAt: item.collections?.createdAt ?? null, cachedAt: now - index };
    });
    await db.entries.bulkPut(rows);
    for (const sourceKey of new Set(rows.map((row) => row.sourceKey))) {
      const extra = await db.entries.where("[sourceKey+cachedAt]").between([sourceKey, 0], [sourceKey, Infinity]).reverse().offset(KEEP_PER_SOURCE).primaryKeys();
      if (extra.length) await db.entries.bulkDelete(extra);
    }
  });
}

/** Updates stored read/star state and content of entries the reader changed. */
export function patchEntries(patches: { id: string; read?: boolean; starredAt?: string | null; content?: string | null }[]) {
  return guarded(async () => {
    const db = database();
    await db.transaction("rw", db.entries, async () => {
      for (const patch of patches) {
        const row = await db.entries.get(patch.id);
        if (!row) continue;
        await db.entries.put({
          ...row,
          ...(patch.read !== undefined ? { read: patch.read } : {}),
          ...(patch.starredAt !== undefined ? { starredAt: patch.starredAt } : {}),
          ...(patch.content !== undefined ? { entry: { ...row.entry, content: patch.content } } : {}),
        });
      }
    });
  });
}

/** The newest entries of every source (at most `perSource` each), for a fast start. */
export async function loadRecentEntries(perSource = HYDRATE_PER_SOURCE): Promise<LocalEntry[]> {
  const db = database();
  const keys = await db.entries.orderBy("sourceKey").uniqueKeys();
  const batches = await Promise.all(
    keys.map((key) => db.entries.where("[sourceKey+cachedAt]").between([key, 0], [key, Infinity]).reverse().limit(perSource).toArray()),
  );
  return batches.flat();
}

/**
 * Deletes the local copies of one source's entries that `gone` picks (entries the server no longer
 * gives this reader); answers their ids.
 */
export async function forgetEntriesOf(sourceKey: string, gone: (row: LocalEntry) => boolean): Promise<string[]> {
  const ids = await guarded(async () => {
    const db = database();
    const found = await db.entries.where("sourceKey").equals(sourceKey).filter(gone).primaryKeys();
    if (found.length > 0) await db.entries.bulkDelete(found);
    return found;
  });
  return ids ?? [];
}

/** Deletes the local copies of entries by id. */
export function forgetEntries(ids: string[]) {
  if (ids.length === 0) return Promise.resolve(undefined);
  return guarded(() => database().entries.bulkDelete(ids));
}

/** Local entries of some sources, newest publication first (the offline timeline). */
export async function loadEntriesOf(sourceKeys: string[], limit: number): Promise<LocalEntry[]> {
  const rows = await database().entries.where("sourceKey").anyOf(sourceKeys).toArray();
  return rows.sort((a, b) => b.entry.publishedAt.localeCompare(a.entry.publishedAt)).slice(0, limit);
}
