import type { Entry } from "@tidings/contracts";
import type { EntryState } from "../../store/entries.store.ts";

/** An entry as a timeline page would bring it, for tests. */
export function testEntry(id: string, patch: Partial<Entry> = {}): Entry {
  return {
    id,
    title: `Entry ${id}`,
    url: `https://example.com/${id}`,
    description: null,
    guid: id,
    author: null,
    authorUrl: null,
    authorAvatar: null,
    insertedAt: "2025-03-10T12:00:00.000Z",
    publishedAt: "2025-03-10T12:00:00.000Z",
    media: null,
    categories: null,
    attachments: null,
    extra: null,
    language: null,
    feedId: "1000000000000001",
    ...patch,
  };
}

/** An entry held in the entries store, for tests. */
export function testState(id: string, patch: Partial<Entry> = {}, state: Partial<Omit<EntryState, "entry">> = {}): EntryState {
  const entry = testEntry(id, patch);
  return { entry, sourceKey: entry.feedId ?? "inbox", read: false, starredAt: null, ...state };
}
