// A feed's items found in its bytes, before it is decoded: each item's markup is digested where
// it lies, and an item read before (its digest known) is replaced by an empty element that says
// so, so that a refresh decodes and tokenises what is new in a document, not the whole of it.
// Only for encodings where every byte below 0x80 is the ASCII character (decode.ts' plan says).

import { bytesDigest } from "./item-digest.ts";

const LT = 0x3c;
const GT = 0x3e;
const SLASH = 0x2f;
const BANG = 0x21;
const QUESTION = 0x3f;
const DOUBLE_QUOTE = 0x22;
const SINGLE_QUOTE = 0x27;
const OPEN_BRACKET = 0x5b;

const ascii = (text: string) => Buffer.from(text, "latin1");
const CDATA = ascii("<![CDATA[");
const CDATA_END = ascii("]]>");
const COMMENT = ascii("<!--");
const COMMENT_END = ascii("-->");
const DOCTYPE = ascii("<!doctype");
const PI_END = ascii("?>");
/** The elements that are a feed's items (RSS and RDF `item`, Atom `entry`), unprefixed. */
const ITEM = ascii("item");
const ENTRY = ascii("entry");

const lower = (byte: number) => (byte >= 0x41 && byte <= 0x5a ? byte | 0x20 : byte);

/** Whether `bytes[at]` ends a tag name: whitespace, `>` or `/`. */
function endsName(bytes: Uint8Array, at: number): boolean {
  const byte = bytes[at];
  return byte === GT || byte === SLASH || byte === 0x20 || byte === 0x0a || byte === 0x09 || byte === 0x0d;
}

/** Whether the name `name` (lower-case ASCII) stands at `at`, whatever its case, and ends there. */
function nameAt(bytes: Uint8Array, at: number, name: Uint8Array): boolean {
  if (at + name.length >= bytes.length) return false;
  for (let i = 0; i < name.length; i++) if (lower(bytes[at + i]!) !== name[i]) return false;
  return endsName(bytes, at + name.length);
}

function startsWith(bytes: Uint8Array, at: number, prefix: Uint8Array, caseless = false): boolean {
  if (at + prefix.length > bytes.length) return false;
  for (let i = 0; i < prefix.length; i++) if ((caseless ? lower(bytes[at + i]!) : bytes[at + i]) !== prefix[i]) return false;
  return true;
}

/** The `>` ending the tag that starts at `lt` (quoted attribute values stepped over), or -1. */
function tagEnd(bytes: Uint8Array, lt: number): number {
  for (let at = lt + 1; at < bytes.length; at++) {
    const byte = bytes[at];
    if (byte === GT) return at;
    if (byte === DOUBLE_QUOTE || byte === SINGLE_QUOTE) {
      const close = bytes.indexOf(byte, at + 1);
      if (close === -1) return -1;
      at = close;
    } else if (byte === LT) return -1;
  }
  return -1;
}

/**
 * Where the element whose start tag ends before `from` ends: the `>` of its end tag. CDATA
 * sections and comments are stepped over whole, tags with their quoted values; anything a scan
 * cannot be sure to read as the tokeniser does (a declaration or processing instruction inside,
 * another element of the same name opening, no end tag) answers -1, and the item is then read as
 * usual.
 */
function itemEnd(bytes: Buffer, from: number, name: Uint8Array): number {
  let at = from;
  for (;;) {
    const lt = bytes.indexOf(LT, at);
    if (lt === -1) return -1;
    const next = bytes[lt + 1];
    if (next === BANG) {
      const [open, close] = startsWith(bytes, lt, CDATA) ? [CDATA, CDATA_END] : startsWith(bytes, lt, COMMENT) ? [COMMENT, COMMENT_END] : [null, null];
      if (!open) return -1;
      const end = bytes.indexOf(close, lt + open.length);
      if (end === -1) return -1;
      at = end + close.length;
    } else if (next === SLASH) {
      if (nameAt(bytes, lt + 2, name)) return bytes.indexOf(GT, lt + 2 + name.length);
      at = lt + 2;
    } else if (next === QUESTION) {
      return -1;
    } else {
      if (nameAt(bytes, lt + 1, name)) return -1;
      const end = tagEnd(bytes, lt);
      if (end === -1) return -1;
      at = end + 1;
    }
  }
}

/** A document's bytes with its items marked (see {@link scanItems}). */
export interface ScannedItems {
  bytes: Buffer;
  /** Items found. */
  items: number;
  /** Items replaced, their digest known. */
  skipped: number;
}

/**
 * The document with each item found marked with its markup's digest: an attribute `marker`
 * written after the item's name, or, for an item whose digest `known` holds, the item replaced by
 * `<item marker-known="digest"/>` (xml-tree.ts reads both, and removes them). Items are looked for
 * outside CDATA sections, comments and tags' quoted values; what the scan cannot read as the
 * tokeniser would is left as it is (its items read and digested the usual way), and a document
 * type with an internal subset (entities that could hold markup) gives null: the document is then
 * read as text.
 */
export function scanItems(bytes: Buffer, known: ReadonlySet<string>, marker: string): ScannedItems | null {
  const parts: Uint8Array[] = [];
  let copied = 0;
  let items = 0;
  let skipped = 0;
  let at = 0;
  for (;;) {
    const lt = bytes.indexOf(LT, at);
    if (lt === -1) break;
    const next = bytes[lt + 1];
    if (next === BANG) {
      if (startsWith(bytes, lt, CDATA) || startsWith(bytes, lt, COMMENT)) {
        const [open, close] = bytes[lt + 2] === OPEN_BRACKET ? [CDATA, CDATA_END] : [COMMENT, COMMENT_END];
        const end = bytes.indexOf(close, lt + open.length);
        if (end === -1) break;
        at = end + close.length;
        continue;
      }
      if (!startsWith(bytes, lt, DOCTYPE, true)) return null;
      const end = tagEnd(bytes, lt);
      if (end === -1 || bytes.subarray(lt, end).includes(OPEN_BRACKET)) return null;
      at = end + 1;
      continue;
    }
    if (next === QUESTION) {
      const end = bytes.indexOf(PI_END, lt + 2);
      if (end === -1) break;
      at = end + 2;
      continue;
    }
    if (next === SLASH) {
      at = lt + 2;
      continue;
    }
    const end = tagEnd(bytes, lt);
    if (end === -1) break;
    const name = nameAt(bytes, lt + 1, ITEM) ? ITEM : nameAt(bytes, lt + 1, ENTRY) ? ENTRY : null;
    at = end + 1;
    if (!name || bytes[end - 1] === SLASH) continue;
    const close = itemEnd(bytes, end + 1, name);
    if (close === -1) continue;
    const digest = bytesDigest(bytes, lt, close + 1);
    const afterName = lt + 1 + name.length;
    parts.push(bytes.subarray(copied, afterName));
    items++;
    if (known.has(digest)) {
      parts.push(ascii(` ${marker}-known="${digest}"/>`));
      copied = close + 1;
      skipped++;
    } else {
      parts.push(ascii(` ${marker}="${digest}"`));
      copied = afterName;
    }
    // Items inside an item are part of its markup.
    at = close + 1;
  }
  parts.push(bytes.subarray(copied));
  return { bytes: Buffer.concat(parts), items, skipped };
}
