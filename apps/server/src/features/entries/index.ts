// Entries: what the composition root and other features use.
export { createEntriesModule, type EntriesModule, type EntriesPorts } from "./entries.module.ts";
export { type EntriesService, type TimelinePage, type TimelineRequest, toEntry } from "./entries.service.ts";
export { type EntryInsert, entriesStoreRepo, type NewEntry } from "./entries-store.repo.ts";
export { type EntryRow, presentEntry } from "./entry.presenter.ts";
