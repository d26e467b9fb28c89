import { DetectError, ParseError, parseFeed } from "feedsmith";
import { parseFeedDate } from "./dates.ts";
import { decodeBase64Constructs } from "./base64-text.ts";
import { sniffFormat } from "./format.ts";
import type { ParsedFeed } from "./model.ts";
import { normalizeAtom } from "./normalize-atom.ts";
import { normalizeJson } from "./normalize-json.ts";
import { normalizeRss } from "./normalize-rss.ts";
import { repairXml } from "./repair.ts";

/** Why a document could not be read as a feed. */
export class FeedParseError extends Error {
  readonly reason: "not-a-feed" | "malformed";
  constructor(reason: "not-a-feed" | "malformed", message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "FeedParseError";
    this.reason = reason;
  }
}

/** Characters XML 1.0 forbids; real feeds contain them and every lenient reader drops them. */
// eslint-disable-next-line no-control-regex
const ILLEGAL_XML_CHARS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;
/** A document type declaration, with its internal subset: entity definitions are never expanded. */
const DOCTYPE = /<!DOCTYPE[^[>]*(?:\[[\s\S]*?\]\s*)?>/i;

const dateFn = (raw: string) => parseFeedDate(raw) ?? undefined;

const JSON_FEED_1 = "https://jsonfeed.org/version/1";

/**
 * A JSON Feed object, tolerant of what real feeds get wrong: a version that is not the spec's URL
 * ("1.0"), and version 1.0's single `author` where 1.1 has `authors`.
 */
function tryJson(text: string): Record<string, unknown> | null {
  if (!text.startsWith("{")) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (!value || typeof value !== "object" || Array.isArray(value)) return null;
  const feed = value as Record<string, unknown>;
  if (typeof feed.version !== "string" || !feed.version.startsWith(JSON_FEED_1)) {
    if (!Array.isArray(feed.items)) return feed;
    feed.version = String(feed.version ?? "").startsWith("1.1") ? `${JSON_FEED_1}.1` : JSON_FEED_1;
  }
  const withAuthors = (object: Record<string, unknown>) => {
    if (object.author && typeof object.author === "object" && !object.authors) object.authors = [object.author];
  };
  withAuthors(feed);
  if (Array.isArray(feed.items)) for (const item of feed.items) if (item && typeof item === "object") withAuthors(item as Record<string, unknown>);
  return feed;
}

function runParser(input: string | Record<string, unknown>) {
  return parseFeed<number | undefined>(input, { parseDateFn: dateFn });
}

function emptyFeed(format: ParsedFeed["format"]): ParsedFeed {
  return { format, title: null, description: null, siteUrl: null, selfUrl: null, image: null, language: null, generator: null, ttlMinutes: null, hubUrl: null, entries: [] };
}

/**
 * Parses RSS 0.9x/1.0/2.0, Atom 0.3/1.0 or JSON Feed 1.0/1.1 text into the product's model.
 * Malformed XML (stray `&`, bad nesting, truncation) is repaired rather than refused, the way
 * real readers are; a document type's entities are never expanded. `documentUrl` is where the
 * document came from: relative links resolve against it.
 */
export function parseFeedDocument(input: string, documentUrl: string | null = null): ParsedFeed {
  const text = input.replace(/^\uFEFF/, "").trimStart();
  const json = tryJson(text);
  const cleaned = json ? text : decodeBase64Constructs(text.replace(ILLEGAL_XML_CHARS, "").replace(DOCTYPE, ""));
  const format = sniffFormat(cleaned, json);
  if (!format) throw new FeedParseError("not-a-feed", "The document is not an RSS, Atom or JSON feed");

  let parsed: ReturnType<typeof runParser>;
  try {
    parsed = runParser(json ?? cleaned);
  } catch (error) {
    // A recognised root with nothing feedsmith can read inside (e.g. `<rss></rss>`) is an empty feed.
    if (error instanceof ParseError) return emptyFeed(format);
    if (json || (error instanceof DetectError && !cleaned.includes("<"))) {
      throw new FeedParseError("not-a-feed", "The document is not a feed", { cause: error });
    }
    try {
      parsed = runParser(repairXml(cleaned));
    } catch (retryError) {
      throw new FeedParseError("malformed", "The feed is not well-formed and could not be repaired", { cause: retryError });
    }
  }
  switch (parsed.format) {
    case "json":
      return normalizeJson(parsed.feed, format, documentUrl);
    case "atom":
      return normalizeAtom(parsed.feed, format, documentUrl);
    case "rss":
    case "rdf":
      return normalizeRss(parsed.feed, format, documentUrl);
  }
}
