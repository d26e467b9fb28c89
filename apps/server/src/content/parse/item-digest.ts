import { hash } from "node:crypto";

/**
 * Which reading of items digests stand for: raised when items would read differently (a fix of
 * the feed parser, or of the digests themselves), so that every item is read once more.
 */
const READING = 4;
/** The reading as the last character of a digest of bytes. */
const READING_MARK = String(READING % 10);

/** Length of {@link digestOf}'s answer: two lanes of 7 base-36 digits. */
export const DIGEST_LENGTH = 14;

const SEED_A = 0x9e3779b9 | 0;
const SEED_B = 0x85ebca6b | 0;

/** The two 32-bit lanes after `text[start, end)`, from `a` and `b`. */
function mix(text: string, start: number, end: number, lanes: Int32Array): void {
  let a = lanes[0]!;
  let b = lanes[1]!;
  for (let i = start; i < end; i++) {
    const code = text.charCodeAt(i);
    a = Math.imul(a ^ code, 0x01000193);
    b = Math.imul(b ^ code, 0x5bd1e995);
    b ^= b >>> 15;
  }
  lanes[0] = a;
  lanes[1] = b;
}

function finish(lanes: Int32Array): string {
  let a = lanes[0]!;
  let b = lanes[1]!;
  a = Math.imul(a ^ (a >>> 16), 0x85ebca6b);
  a = Math.imul(a ^ (a >>> 13), 0xc2b2ae35);
  a ^= a >>> 16;
  b = Math.imul(b ^ (b >>> 16), 0x27d4eb2d);
  b ^= b >>> 15;
  return (a >>> 0).toString(36).padStart(7, "0") + (b >>> 0).toString(36).padStart(7, "0");
}

const lanes = new Int32Array(2);

/**
 * A 64-bit digest of a string, as {@link DIGEST_LENGTH} base-36 digits: two 32-bit
 * multiply-xorshift lanes over its UTF-16 code units. Items are digested to tell them from the
 * ones read before, not to resist a forger (a feed could only make its own item look
 * unchanged), and hashing the text as it is spares encoding it to bytes, which cost more than
 * the hash itself.
 */
export function digestOf(text: string): string {
  lanes[0] = SEED_A;
  lanes[1] = SEED_B;
  mix(text, 0, text.length, lanes);
  return finish(lanes);
}

/**
 * The digest of an item's own markup as the document has it, `text[start, end)`: hashed where it
 * lies, never copied out of the document.
 */
export function markupDigest(text: string, start: number, end: number): string {
  lanes[0] = SEED_A ^ READING;
  lanes[1] = SEED_B;
  mix(text, start, end, lanes);
  return finish(lanes);
}

/**
 * The digest of an item's markup as bytes, `bytes[start, end)` (item-scan.ts, before the document
 * is decoded): SHA-1 in the processor's own instructions, read where the bytes lie, is 2.5 times
 * as fast as the two lanes above in JavaScript (a refresh digests every item of every document
 * it fetched), cut to {@link DIGEST_LENGTH} characters, the last of which is the reading.
 */
export function bytesDigest(bytes: Uint8Array, start: number, end: number): string {
  return hash("sha1", bytes.subarray(start, end), "base64url").slice(0, DIGEST_LENGTH - 1) + READING_MARK;
}

/**
 * What of the feed around its items their reading depends on (format, base URL, language, the
 * feed's author, the document's encoding), made once per document; an item's digest adds what
 * it inherits from its parent element (XmlElement.inherited).
 */
export function itemContext(context: string): { context: string; last: string | null; digest: string } {
  return { context: `${READING}\u0000${context}`, last: null, digest: "" };
}

/**
 * The digest of an item as a refresh reads it: its markup's ({@link markupDigest} or
 * {@link bytesDigest}) then its context's. Two items with the same digest read the same, so a
 * refresh that finds the digest of an item it read before need not read it again; and because
 * the markup's half comes first, an item may be skipped by its markup alone (item-scan.ts)
 * before the feed's context is known, which is checked after. Null for an item
 * without markup.
 */
export function itemDigest(context: ReturnType<typeof itemContext>, item: { digest?: string; inherited?: string }): string | null {
  if (item.digest === undefined) return null;
  const inherited = item.inherited ?? "";
  // Items of a document share their parent: its digest is made once.
  if (context.last !== inherited) {
    context.last = inherited;
    context.digest = digestOf(`${context.context}\u0000${inherited}`);
  }
  return item.digest + context.digest;
}

/**
 * The markup halves of the known digests: what item-scan.ts may leave out, each item's context
 * checked after (feed-bytes.ts reads the document again, skipping nothing, when it changed).
 */
export function knownMarkup(known: Iterable<string>): Set<string> {
  const markup = new Set<string>();
  for (const digest of known) if (digest.length === 2 * DIGEST_LENGTH) markup.add(digest.slice(0, DIGEST_LENGTH));
  return markup;
}

/** {@link itemDigest} of a JSON Feed item: its JSON as the document has it, parsed and written again. */
export function jsonItemDigest(context: string, item: unknown): string {
  return digestOf(`${READING}\u0000${context}\u0000${JSON.stringify(item)}`);
}
