import { createHash } from "node:crypto";
import type { EntryInsert } from "../features/entries/entries-store.repo.ts";
import type { ParsedEntry } from "./parse/model.ts";
import { sanitizeHtml } from "./sanitize.ts";

/** Entries dated further ahead than this are stamped with the fetch time instead. */
const FUTURE_TOLERANCE_MS = 10 * 60 * 1000;
const MAX_TITLE = 1000;
const MAX_CATEGORIES = 32;

/** An entry ready to store, with the hash of what the feed says about it. */
export type PreparedEntry = Omit<EntryInsert, "id" | "feedId" | "inboxId" | "insertedAt" | "updatedAt"> & {
  contentHash: string;
  publishedAt: Date;
  /** The content as the feed gives it; `sanitize()` turns it into what is stored. */
  rawContent: string | null;
  baseUrl: string | null;
};

/**
 * Turns parsed entries into rows: dates settled, duplicates within the document dropped (the
 * first wins), and a hash of the
 * entry as the feed gives it, so a refresh can tell new and changed entries from unchanged ones
 * before doing any costly work. Content is sanitised later, only for entries that are written.
 */
export function prepareEntries(parsed: ParsedEntry[], now: number): PreparedEntry[] {
  const seen = new Set<string>();
  const prepared: PreparedEntry[] = [];
  // An entry without a usable date (none, or one in the future) is stamped with the fetch time
  // less its position among such entries, in milliseconds: the first the document lists is the
  // newest, and no two share a time, so they page in the document's order even for a client
  // whose cursor is a bare date.
  let undated = 0;
  for (const entry of parsed) {
    if (seen.has(entry.guid)) continue;
    seen.add(entry.guid);
    const published = entry.publishedAt !== null && entry.publishedAt <= now + FUTURE_TOLERANCE_MS ? entry.publishedAt : now - undated++;
    const row = {
      guid: entry.guid,
      title: entry.title ? entry.title.slice(0, MAX_TITLE) : null,
      url: entry.url,
      content: null,
      description: entry.description,
      author: entry.author,
      authorUrl: entry.authorUrl,
      authorAvatar: entry.authorAvatar,
      language: entry.language,
      media: entry.media.length ? entry.media : null,
      categories: entry.categories.length ? entry.categories.slice(0, MAX_CATEGORIES) : null,
      attachments: entry.attachments.length ? entry.attachments : null,
      extra: null,
    };
    const contentHash = createHash("sha256")
      .update(JSON.stringify([row.title, row.url, entry.content, row.description, row.author, row.authorUrl, row.authorAvatar, row.media, row.attachments, row.categories, row.language]))
      .digest("base64url");
    prepared.push({ ...row, contentHash, publishedAt: new Date(published), rawContent: entry.content, baseUrl: entry.baseUrl });
  }
  return prepared;
}

/** The row to write: content sanitised with relative links made absolute. */
export function finalizeEntry(entry: PreparedEntry): Omit<PreparedEntry, "rawContent" | "baseUrl"> {
  const { rawContent, baseUrl, ...row } = entry;
  return { ...row, content: rawContent ? sanitizeHtml(rawContent, { baseUrl }) || null : null };
}
