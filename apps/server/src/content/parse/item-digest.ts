/**
 * Which reading of items digests stand for: raised when items would read differently (a fix of
 * the feed parser), so that every item is read once more.
 */
const READING = 3;

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
 * The digest of an item's own markup as the document has it, `text[start, end)`, with the
 * xml:base and xml:lang in effect: hashed where it lies, never copied out of the document.
 */
export function markupDigest(text: string, start: number, end: number, base: string | null, lang: string | null): string {
  lanes[0] = SEED_A;
  lanes[1] = SEED_B;
  const head = `${READING}\u0000${base ?? ""}\u0000${lang ?? ""}\u0000`;
  mix(head, 0, head.length, lanes);
  mix(text, start, end, lanes);
  return finish(lanes);
}

/**
 * The digest of what of the feed around its items their reading depends on (format, base URL,
 * language, the feed's author): computed once per document.
 */
export function contextDigest(context: string): string {
  return digestOf(`${READING}\u0000${context}`);
}

/**
 * The digest of an item as a refresh reads it: its markup's ({@link markupDigest}, made by the
 * tree builder) then its context's ({@link contextDigest}). Two items with the same digest read
 * the same, so a refresh that finds the digest of an item it read before need not read it again;
 * and because the markup's half comes first, the tree builder can tell an item it may skip by
 * its markup alone (xml-tree.ts), before the feed's context is known. Null for an item without
 * markup.
 */
export function itemDigest(context: string, item: { digest?: string }): string | null {
  return item.digest === undefined ? null : item.digest + context;
}

/**
 * The markup halves of the known digests of two halves: what the tree builder may skip, each
 * item's context checked after (parse-feed.ts reads the document again, skipping nothing, when
 * the context changed).
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
