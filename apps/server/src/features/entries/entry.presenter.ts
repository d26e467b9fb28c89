import type { Entry } from "@tidings/contracts";
import type { entries } from "../../db/schema/index.ts";

export type EntryRow = typeof entries.$inferSelect;

/** An entry as the API shows it; content only when asked for (timeline pages leave it out). */
export function presentEntry(row: Omit<EntryRow, "content" | "readabilityContent" | "contentHash"> & Partial<Pick<EntryRow, "content" | "readabilityContent">>, options: { withContent: boolean; inboxHandle?: string }): Entry {
  const entry: Entry = {
    id: row.id,
    title: row.title,
    url: row.url,
    description: row.description,
    guid: row.guid,
    author: row.author,
    authorUrl: row.authorUrl,
    authorAvatar: row.authorAvatar,
    insertedAt: row.insertedAt.toISOString(),
    publishedAt: row.publishedAt.toISOString(),
    media: row.media,
    categories: row.categories,
    attachments: row.attachments,
    extra: row.extra,
    language: row.language,
    feedId: row.feedId,
  };
  if (options.inboxHandle) entry.inboxHandle = options.inboxHandle;
  if (options.withContent) {
    entry.content = row.content ?? null;
    if (row.readabilityContent !== undefined) entry.readabilityContent = row.readabilityContent;
  }
  return entry;
}
