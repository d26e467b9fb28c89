import { BytePacker } from "../lib/byte-packer.ts";
import { parseFeedBytes } from "../content/parse/feed-bytes.ts";
import { FeedParseError } from "../content/parse/parse-feed.ts";
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
 * An entry ready to store: sanitised, with the digest of its item. Its content is UTF-8 bytes: a
 * view of one buffer per document (BytePacker), moved from the reading thread, never copied, and
 * sent to PostgreSQL as it is. Its search document is made after it is stored, in the background
 * (features/search/search-indexer.ts): not at refresh time, where it cost a fifth of the reading
 * and two fifths of the database's work.
 */
export type ReadEntry = Omit<FinalizedEntry, "content"> & {
  content: Uint8Array | null;
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
  | {
      ok: true;
      feed: ReadFeedMeta;
      entries: ReadEntry[];
      knownItems: string[];
      /** The buffer the entries' contents are views of: moved, not copied, between threads. */
      texts: ArrayBuffer;
    }
  | { ok: false; message: string };

/**
 * All the work of a refresh that needs no database, in one call: decode, parse (leaving out the
 * items read before), settle dates and hashes, and sanitise. Plain data
 * in and out, so that it can run on another thread (feed-readers.ts). A document that is no feed
 * is an answer (`ok: false`), not an exception.
 */
export function readFeed(input: ReadFeedInput): ReadFeedResult {
  let parsed;
  try {
    parsed = parseFeedBytes(input.body, input.contentType, input.url, new Set(input.known));
  } catch (error) {
    if (error instanceof FeedParseError) return { ok: false, message: `The feed could not be read: ${error.message}` };
    throw error;
  }
  const prepared = prepareEntries(parsed.entries.slice(0, MAX_ENTRIES_PER_REFRESH), input.now);
  // Contents, as UTF-8 in one buffer that moves to the storing thread whole, sized for what is
  // written (sanitised content is seldom longer than the feed's): a refresh that reads 5 new items
  // of 60 allocates for 5.
  let expected = 1024;
  for (const entry of prepared) expected += entry.rawContent?.length ?? 0;
  const out = new BytePacker(Math.ceil(expected * 1.1));
  const places: number[] = [];
  const rows = prepared.map((entry) => {
    const row = finalizeEntry(entry);
    places.push(out.length);
    if (row.content != null) out.text(row.content);
    places.push(out.length);
    return { row, digest: entry.digest };
  });
  const buffer = out.seal();
  const entries = rows.map(({ row, digest }, i): ReadEntry => {
    const { content, ...stored } = row;
    return { ...stored, content: content == null ? null : new Uint8Array(buffer, places[2 * i]!, places[2 * i + 1]! - places[2 * i]!), digest };
  });
  const { title, description, siteUrl, image, language, ttlMinutes } = parsed;
  return { ok: true, feed: { title, description, siteUrl, image, language, ttlMinutes }, entries, knownItems: parsed.knownItems ?? [], texts: buffer };
}
