import type { FeedSummary, InboxSummary } from "@tidings/contracts";
import { database } from "./database.ts";
import { guarded } from "./persistence.ts";

/** Keeps feeds and inboxes locally (what entries and subscriptions name), so a reload can show them. */
export function persistSources(sources: (FeedSummary | InboxSummary)[]) {
  if (sources.length === 0) return Promise.resolve(undefined);
  return guarded(() => database().feeds.bulkPut(sources));
}

export async function loadSources(): Promise<(FeedSummary | InboxSummary)[]> {
  return database().feeds.toArray();
}
