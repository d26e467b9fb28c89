import type { EntryAttachment, EntryMedia } from "../../db/schema/entries.ts";

/** Feed formats, with their version as the document declares it. */
export type FeedFormat =
  | "rss0.90"
  | "rss0.91"
  | "rss0.92"
  | "rss0.93"
  | "rss0.94"
  | "rss1.0"
  | "rss2.0"
  | "rss"
  | "atom0.3"
  | "atom1.0"
  | "json1.0"
  | "json1.1";

/** One entry of a parsed feed, in the product's entry model (spec §3), before sanitising. */
export interface ParsedEntry {
  /** Stable id within the feed: the document's guid/id, else the link, else a content hash. */
  guid: string;
  title: string | null;
  /** Absolute URL of the entry's page. */
  url: string | null;
  /** The entry's HTML as the feed gives it (unsanitised; relative URLs not yet resolved). */
  content: string | null;
  /** Plain-text summary. */
  description: string | null;
  author: string | null;
  authorUrl: string | null;
  authorAvatar: string | null;
  /** Milliseconds since the epoch, or null when the feed gives no usable date. */
  publishedAt: number | null;
  updatedAt: number | null;
  media: EntryMedia[];
  attachments: EntryAttachment[];
  categories: string[];
  language: string | null;
  /** Base URL for the entry's relative links (xml:base, else the entry link, else the feed's). */
  baseUrl: string | null;
  /** The digest of the item's markup, when items were read with known ones to skip (item-digest.ts). */
  digest?: string | null;
}

/** Items read before, to skip: their digests (item-digest.ts). */
export interface ItemSelection {
  known: ReadonlySet<string>;
  /** What else items read differently by (the document's encoding), part of each item's digest. */
  context?: string;
  /**
   * The attribute that item-scan.ts wrote into the items' start tags with their markup's digest
   * (`<marker>`, or `<marker>-known` for an item it replaced by an empty one): read, then removed.
   */
  marker?: string;
}

/** Thrown by a normaliser that meets an item skipped by its markup whose whole digest is not known (the feed's context changed). */
export class SkippedUnknownItem extends Error {}

/** A parsed feed, normalised across formats. */
export interface ParsedFeed {
  format: FeedFormat;
  title: string | null;
  description: string | null;
  /** The site the feed belongs to. */
  siteUrl: string | null;
  /** The feed's own URL as it declares it (atom:link rel=self, JSON feed_url). */
  selfUrl: string | null;
  image: string | null;
  language: string | null;
  generator: string | null;
  /** RSS `<ttl>`, in minutes. */
  ttlMinutes: number | null;
  /** WebSub hub, when declared. */
  hubUrl: string | null;
  /** The items read (those of `ItemSelection.known` left out). */
  entries: ParsedEntry[];
  /** The digests of the items left out as known, in document order (with an ItemSelection only). */
  knownItems?: string[];
}
