import { randomBytes } from "node:crypto";
import { decodeWithPlan, planDecoding } from "../decode/decode.ts";
import { knownMarkup } from "./item-digest.ts";
import { scanItems } from "./item-scan.ts";
import { type ParsedFeed, SkippedUnknownItem } from "./model.ts";
import { parseFeedDocument } from "./parse-feed.ts";

/**
 * The attribute item-scan.ts marks items with: a name of this process's own, which no feed can
 * write into its items to pass one off as known.
 */
const MARKER = `tidings-${randomBytes(6).toString("hex")}`;

/**
 * Reads a fetched feed document, leaving out the items whose digests are `known` (read before)
 * and listing them in `knownItems`; every other entry carries its digest. Where its encoding
 * allows (UTF-8, single-byte), items are found and digested in the bytes (item-scan.ts) and a
 * known item is neither decoded nor tokenised: a refresh of a feed with 5 new items of 60 decodes
 * and parses 5 items and the feed's head. Other documents (UTF-16, double-byte encodings, a
 * document type with entities) are read whole, their known items left out only of what is
 * normalised and sanitised. When the feed's context changed since (its
 * language, base, encoding, author), every item reads anew: the document is read again, skipping
 * nothing. Throws FeedParseError.
 */
export function parseFeedBytes(bytes: Uint8Array, contentType: string | null, url: string, known: ReadonlySet<string>): ParsedFeed {
  const plan = planDecoding(bytes, contentType);
  const context = plan.encoding;
  const body = Buffer.from(bytes.buffer, bytes.byteOffset + plan.bom, bytes.byteLength - plan.bom);
  const skip = known.size > 0 ? knownMarkup(known) : new Set<string>();
  const scanned = plan.asciiCompatible && !isJson(body) ? scanItems(body, skip, MARKER) : null;
  if (!scanned) {
    const text = decodeWithPlan(bytes, plan).text;
    return parseFeedDocument(text, url, { known, context });
  }
  const read = (scan: NonNullable<typeof scanned>) => parseFeedDocument(decodeWithPlan(scan.bytes, { ...plan, bom: 0 }).text, url, { known, context, marker: MARKER });
  try {
    return read(scanned);
  } catch (error) {
    if (!(error instanceof SkippedUnknownItem)) throw error;
  }
  return read(scanItems(body, new Set(), MARKER)!);
}

/** Whether a document is JSON (a JSON Feed): its first character past white space is `{`. */
function isJson(body: Buffer): boolean {
  for (let i = 0; i < Math.min(body.length, 1024); i++) {
    const byte = body[i]!;
    if (byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09) continue;
    return byte === 0x7b;
  }
  return false;
}
