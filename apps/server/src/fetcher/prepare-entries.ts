import { createHash } from "node:crypto";
import type { EntryInsert } from "../features/entries/index.ts";
import type { ParsedEntry } from "../content/parse/model.ts";
import { sanitizeHtml } from "../content/sanitize/sanitize.ts";

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
  /** The digest of the item's markup, when the refresh reads by digests (ParsedEntry.digest). */
  digest: string | null;
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
    const contentHash = hashEntry(row, entry.content);
    prepared.push({ ...row, contentHash, publishedAt: new Date(published), rawContent: entry.content, baseUrl: entry.baseUrl, digest: entry.digest ?? null });
  }
  return prepared;
}

/**
 * The hash a refresh compares with the stored one: SHA-1 of the entry's short fields as JSON, then
 * of the content and the description as they are (their lengths in the JSON keep the parts apart).
 * Escaping kilobytes of HTML into JSON just to hash it cost more than the hash; a change of this
 * recipe only means that each entry is rewritten once, on the refresh that first meets it.
 */
function hashEntry(
  row: Pick<PreparedEntry, "title" | "url" | "description" | "author" | "authorUrl" | "authorAvatar" | "media" | "attachments" | "categories" | "language">,
  content: string | null,
): string {
  const { title, url, description, author, authorUrl, authorAvatar, media, attachments, categories, language } = row;
  const head = [title, url, author, authorUrl, authorAvatar, media, attachments, categories, language, content?.length ?? -1, description?.length ?? -1];
  const hash = createHash("sha1").update(JSON.stringify(head));
  if (content) hash.update(content);
  if (description) hash.update(description);
  return hash.digest("base64url");
}

/** A row ready to write: content sanitised. */
export type FinalizedEntry = Omit<PreparedEntry, "rawContent" | "baseUrl" | "digest">;

/**
 * The row to write: content sanitised with relative links made absolute. Its search document is
 * made later, from what is stored (the search indexer), so its plain text is not collected here.
 */
export function finalizeEntry(entry: PreparedEntry): FinalizedEntry {
  const { rawContent, baseUrl, digest: _digest, ...row } = entry;
  if (!rawContent) return { ...row, content: null };
  return { ...row, content: sanitizeHtml(rawContent, { baseUrl }) || null };
}
