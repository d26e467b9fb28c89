import { hash } from "node:crypto";
import type { XmlElement } from "./xml-tree.ts";

/**
 * Which reading of items digests stand for: raised when items would read differently (a fix of
 * the feed parser), so that every item is read once more.
 */
const READING = 1;

/**
 * The digest of an item as a refresh reads it: its markup, the xml:base and xml:lang in effect,
 * and `context`, what of the feed around it its reading depends on (format, base URL, language,
 * the feed's author). Two items with the same digest read the same, so a refresh that finds the
 * digest of an item it read before need not read it again. Null for an item without markup.
 */
export function itemDigest(context: string, item: XmlElement): string | null {
  if (item.source === undefined) return null;
  return hash("sha1", `${READING}\u0000${context}\u0000${item.base ?? ""}\u0000${item.lang ?? ""}\u0000${item.source}`, "base64url");
}
