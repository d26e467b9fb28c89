import type { XmlElement } from "./xml-tree.ts";

/**
 * Which reading of items digests stand for: raised when items would read differently (a fix of
 * the feed parser), so that every item is read once more.
 */
const READING = 2;

/**
 * A 64-bit digest of a string, as 13 base-36 digits or fewer: two 32-bit multiply-xorshift
 * lanes over its UTF-16 code units. Items are digested to tell them from the ones read before,
 * not to resist a forger (a feed could only make its own item look unchanged), and hashing
 * the text as it is spares encoding it to bytes, which cost more than the hash itself.
 */
export function digestOf(text: string): string {
  let a = 0x9e3779b9 | 0;
  let b = 0x85ebca6b | 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    a = Math.imul(a ^ code, 0x01000193);
    b = Math.imul(b ^ code, 0x5bd1e995);
    b ^= b >>> 15;
  }
  a = Math.imul(a ^ (a >>> 16), 0x85ebca6b);
  a = Math.imul(a ^ (a >>> 13), 0xc2b2ae35);
  a ^= a >>> 16;
  b = Math.imul(b ^ (b >>> 16), 0x27d4eb2d);
  b ^= b >>> 15;
  return (a >>> 0).toString(36).padStart(7, "0") + (b >>> 0).toString(36).padStart(7, "0");
}

/**
 * The digest of an item as a refresh reads it: its markup, the xml:base and xml:lang in effect,
 * and `context`, what of the feed around it its reading depends on (format, base URL, language,
 * the feed's author). Two items with the same digest read the same, so a refresh that finds the
 * digest of an item it read before need not read it again. Null for an item without markup.
 */
export function itemDigest(context: string, item: XmlElement): string | null {
  if (item.source === undefined) return null;
  return digestOf(`${READING}\u0000${context}\u0000${item.base ?? ""}\u0000${item.lang ?? ""}\u0000${item.source}`);
}

/** {@link itemDigest} of a JSON Feed item: its JSON as the document has it, parsed and written again. */
export function jsonItemDigest(context: string, item: unknown): string {
  return digestOf(`${READING}\u0000${context}\u0000${JSON.stringify(item)}`);
}
