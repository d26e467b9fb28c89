import { xmlFeedFormat } from "./format.ts";
import type { FeedFormat, ItemSelection, ParsedFeed } from "./model.ts";
import { normalizeAtom } from "./normalize-atom.ts";
import { jsonFeedFormat, normalizeJson, readJsonFeed } from "./normalize-json.ts";
import { normalizeRss } from "./normalize-rss.ts";
import { withoutForbiddenCharacters } from "./scrub.ts";
import { parseXmlTree, TooDeeplyNested, type XmlElement } from "./xml-tree.ts";

/** Why a document could not be read as a feed. */
export class FeedParseError extends Error {
  readonly reason: "not-a-feed" | "malformed";
  constructor(reason: "not-a-feed" | "malformed", message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "FeedParseError";
    this.reason = reason;
  }
}

/**
 * Line ends normalised to "\n", as an XML parser hands text over (the tokeniser keeps "\r\n").
 * A document without "\r" costs one fast scan.
 */
const normalizeLineEnds = (text: string) => (text.includes("\r") ? text.replace(/\r\n?/g, "\n") : text);

/** How far into a document its type declaration is looked for: it comes before the root element. */
const PROLOG = 64 * 1024;
/** A document type declaration, with its internal subset: entity definitions are never expanded. */
const DOCTYPE = /<!DOCTYPE[^[>]*(?:\[[\s\S]*?\]\s*)?>/iy;

/**
 * The text without its document type declaration. The tokeniser would skip it too, but an
 * entity's value may hold markup (`<!ENTITY x "<a>">`) that would be read as the root element.
 */
function withoutDoctype(text: string): string {
  const at = text.slice(0, PROLOG).search(/<!doctype/i);
  if (at === -1) return text;
  DOCTYPE.lastIndex = at;
  const match = DOCTYPE.exec(text);
  return match ? text.slice(0, at) + text.slice(at + match[0].length) : text;
}

/** A document read but not yet normalised: its format and its JSON object or XML tree. */
export type FeedDocument =
  | { format: FeedFormat; json: Record<string, unknown>; root?: undefined }
  | { format: FeedFormat; root: XmlElement; json?: undefined };

/**
 * Reads RSS 0.9x/1.0/2.0, Atom 0.3/1.0 or JSON Feed 1.0/1.1 text. Malformed XML (stray `&`, bad
 * nesting, truncation) is read rather than refused, the way real readers do; a document type's
 * entities are never expanded. `documentUrl` is the base of xml:base declarations.
 */
export function readFeedDocument(input: string, documentUrl: string | null = null, selection?: ItemSelection): FeedDocument {
  const text = (input.charCodeAt(0) === 0xfeff ? input.slice(1) : input).trimStart();
  const json = readJsonFeed(text);
  if (json) {
    const format = jsonFeedFormat(json);
    if (!format) throw new FeedParseError("not-a-feed", "The document is not a feed");
    return { format, json };
  }
  let root;
  try {
    // Items are digested when a selection is given (with the digests item-scan.ts wrote, if it did).
    const items = selection ? { digests: true, marker: selection.marker } : null;
    root = parseXmlTree(withoutDoctype(normalizeLineEnds(text)), documentUrl, items);
  } catch (error) {
    if (error instanceof TooDeeplyNested) throw new FeedParseError("malformed", "The feed is nested too deeply to read", { cause: error });
    throw error;
  }
  const format = root && xmlFeedFormat(root);
  if (!root || !format) throw new FeedParseError("not-a-feed", "The document is not an RSS, Atom or JSON feed");
  return { format, root };
}

/**
 * A document read by {@link readFeedDocument} in the product's model; relative links resolve
 * against `documentUrl`. With `selection`, the items of an XML feed that it knows (by the
 * digest of their markup) are left out and listed in `knownItems`.
 */
export function normalizeFeedDocument(document: FeedDocument, documentUrl: string | null = null, selection?: ItemSelection): ParsedFeed {
  if (document.json) return withoutForbiddenCharacters(normalizeJson(document.json, document.format, documentUrl, selection));
  const { format, root } = document;
  return withoutForbiddenCharacters(
    format.startsWith("atom") ? normalizeAtom(root, format, documentUrl, selection) : normalizeRss(root, format, documentUrl, selection),
  );
}

/** Parses a feed document's text into the product's model (see {@link readFeedDocument} and {@link normalizeFeedDocument}). */
export function parseFeedDocument(input: string, documentUrl: string | null = null, selection?: ItemSelection): ParsedFeed {
  return normalizeFeedDocument(readFeedDocument(input, documentUrl, selection), documentUrl, selection);
}
