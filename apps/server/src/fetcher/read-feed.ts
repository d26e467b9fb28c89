import { searchDocumentOf } from "../content/search-words.ts";
import { decodeDocument } from "../content/decode/decode.ts";
import { FeedParseError, parseFeedDocument } from "../content/parse/parse-feed.ts";
import { finalizeEntry, type FinalizedEntry, prepareEntries } from "./prepare-entries.ts";

/** Most entries read from one document: a feed listing thousands gives its newest. */
export const MAX_ENTRIES_PER_REFRESH = 500;

/** A fetched feed document, and what the store knows of it already. */
export interface ReadFeedInput {
  body: Uint8Array;
  contentType: string | null;
  /** The document's URL (relative links resolve against it). */
  url: string;
  /** Digests of the items the last refresh read (ItemDigests): they are not read again. */
  known: string[];
  /** The fetch time, in milliseconds (undated entries are stamped with it). */
  now: number;
}

/**
 * An entry ready to store: sanitised, with its search document and the digest of its item. The
 * plain text of its content (a third of a read's characters) made the search document and goes
 * no further: it would be copied to the storing thread and held there for nothing.
 */
export type ReadEntry = Omit<FinalizedEntry, "contentText"> & {
  /** The search document (search-words.ts' tsvector literal). */
  document: string;
  digest: string | null;
};

/** What a feed says of itself. */
export interface ReadFeedMeta {
  title: string | null;
  description: string | null;
  siteUrl: string | null;
  image: string | null;
  language: string | null;
  ttlMinutes: number | null;
}

export type ReadFeedResult =
  | { ok: true; feed: ReadFeedMeta; entries: ReadEntry[]; knownItems: string[] }
  | { ok: false; message: string };

/**
 * All the work of a refresh that needs no database, in one call: decode, parse (leaving out the
 * items read before), settle dates and hashes, sanitise, and make the search documents. Plain data
 * in and out, so that it can run on another thread (feed-readers.ts). A document that is no feed
 * is an answer (`ok: false`), not an exception.
 */
export function readFeed(input: ReadFeedInput): ReadFeedResult {
  let parsed;
  try {
    parsed = parseFeedDocument(decodeDocument(input.body, input.contentType).text, input.url, { known: new Set(input.known) });
  } catch (error) {
    if (error instanceof FeedParseError) return { ok: false, message: `The feed could not be read: ${error.message}` };
    throw error;
  }
  const entries = prepareEntries(parsed.entries.slice(0, MAX_ENTRIES_PER_REFRESH), input.now).map((entry): ReadEntry => {
    const finalized = finalizeEntry(entry);
    const { contentText: _text, ...stored } = finalized;
    return { ...stored, document: searchDocumentOf(finalized), digest: entry.digest };
  });
  const { title, description, siteUrl, image, language, ttlMinutes } = parsed;
  return { ok: true, feed: { title, description, siteUrl, image, language, ttlMinutes }, entries, knownItems: parsed.knownItems ?? [] };
}
