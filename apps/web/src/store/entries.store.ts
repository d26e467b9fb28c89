import type { ActionSettings, Entry, TimelineItem } from "@tidings/contracts";
import { create } from "zustand";

/** One entry the client knows, with the reader's state. */
export interface EntryState {
  entry: Entry;
  /** Feed id, or the inbox handle. */
  sourceKey: string;
  read: boolean | null;
  starredAt: string | null;
  /** What the reader's Actions ask for this entry (summary, translation, reader view…), as the server says. */
  settings?: ActionSettings;
}

interface EntriesState {
  byId: Record<string, EntryState>;
}

/** Every entry the client holds, by id. Timelines keep lists of ids; this holds the entries. */
export const useEntries = create<EntriesState>(() => ({ byId: {} }));

const sourceKeyOf = (item: TimelineItem) => (item.feeds.type === "inbox" ? item.feeds.id : (item.entries.feedId ?? item.feeds.id));

export const entriesActions = {
  /** Merges server items; content already known is kept when the page carries none. */
  upsertItems(items: TimelineItem[]): void {
    if (items.length === 0) return;
    useEntries.setState((state) => {
      const byId = { ...state.byId };
      for (const item of items) {
        const known = byId[item.entries.id];
        const entry = { ...item.entries };
        if (entry.content === undefined && known?.entry.content !== undefined) entry.content = known.entry.content;
        byId[item.entries.id] = {
          entry,
          sourceKey: sourceKeyOf(item),
          read: item.read,
          starredAt: item.collections?.createdAt ?? null,
          ...(item.settings ? { settings: item.settings as ActionSettings } : {}),
        };
      }
      return { byId };
    });
  },

  /** Restores entries from the local database (no server state is lost: the server copy wins later). */
  hydrate(entries: EntryState[]): void {
    useEntries.setState((state) => {
      const byId = { ...state.byId };
      for (const item of entries) byId[item.entry.id] ??= item;
      return { byId };
    });
  },

  setContent(id: string, content: string | null): void {
    useEntries.setState((state) => {
      const known = state.byId[id];
      if (!known) return state;
      return { byId: { ...state.byId, [id]: { ...known, entry: { ...known.entry, content } } } };
    });
  },

  /** Sets the read flag; answers the entries whose flag changed with their previous value. */
  setRead(ids: string[], read: boolean): { id: string; sourceKey: string; previous: boolean | null }[] {
    const changed: { id: string; sourceKey: string; previous: boolean | null }[] = [];
    useEntries.setState((state) => {
      const byId = { ...state.byId };
      for (const id of ids) {
        const known = byId[id];
        if (!known || known.read === read || known.read === null) continue;
        changed.push({ id, sourceKey: known.sourceKey, previous: known.read });
        byId[id] = { ...known, read };
      }
      return changed.length ? { byId } : state;
    });
    return changed;
  },

  setStarred(id: string, starredAt: string | null): string | null | undefined {
    let previous: string | null | undefined;
    useEntries.setState((state) => {
      const known = state.byId[id];
      if (!known) return state;
      previous = known.starredAt;
      return { byId: { ...state.byId, [id]: { ...known, starredAt } } };
    });
    return previous;
  },

  /** Forgets entries (the server no longer gives them to this reader); answers those it held. */
  remove(ids: Iterable<string>): string[] {
    const removed: string[] = [];
    useEntries.setState((state) => {
      const byId = { ...state.byId };
      for (const id of ids) {
        if (!byId[id]) continue;
        delete byId[id];
        removed.push(id);
      }
      return removed.length ? { byId } : state;
    });
    return removed;
  },

  clear(): void {
    useEntries.setState({ byId: {} });
  },
};
