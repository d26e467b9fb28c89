import { isAscii as isAsciiBuffer, isUtf8 } from "node:buffer";
import iconv from "iconv-lite";
import { guessLegacyEncoding } from "./decode-guess.ts";
import { type Charset, charsetParameter, resolveCharset } from "./decode-labels.ts";
import { guessEndianness, metaDeclaredCharset, sniffBom, sniffWideXml, xmlDeclaredEncoding } from "./decode-sniff.ts";

/** A fetched document's bytes turned into text, with how its encoding was determined. */
export interface DecodedDocument {
  /** The decoded text, without any byte-order mark. */
  text: string;
  /**
   * The encoding actually used, lower-case canonical (WHATWG) name: "utf-8", "utf-16le", "windows-1252", "gb18030",
   * "shift_jis", … A label is reported as the encoding it decodes as, so a document declared "iso-8859-1" or
   * "us-ascii" reports "windows-1252", "gb2312" reports "gb18030" and "tis-620" reports "windows-874".
   */
  encoding: string;
  /**
   * Where the encoding came from: "bom"; "http" (Content-Type charset); "xml" (XML declaration, or the byte
   * layout of a BOM-less UTF-16/32 `<?xml`); "meta" (HTML meta tag); "utf8-valid" (undeclared, or declared as a
   * single-byte legacy encoding, but valid UTF-8); "sniff" (undeclared, not UTF-8, and recognisably CJK,
   * Cyrillic, Hebrew, Thai or Greek); "default" (none of these: windows-1252).
   */
  source: "bom" | "http" | "xml" | "meta" | "utf8-valid" | "sniff" | "default";
}

type Source = DecodedDocument["source"];

const isAscii = (bytes: Uint8Array): boolean => isAsciiBuffer(bytes);

/**
 * UTF-8 in one call of Node's own decoder (simdutf), where iconv-lite feeds it through a
 * StringDecoder chunk by chunk at a tenth of the speed; malformed sequences become U+FFFD either way.
 */
function decodeText(bytes: Uint8Array, encoding: string): string {
  if (encoding === "utf-8") return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("utf8");
  return iconv.decode(bytes, encoding);
}

function decodeAs(bytes: Uint8Array, encoding: string, source: Source): DecodedDocument {
  // A stray U+FEFF can come out of a mis-declared document.
  let text = decodeText(bytes, encoding);
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  return { text, encoding, source };
}

// "utf-16"/"utf-32" say nothing about byte order; without a BOM the bytes have to.
function concreteName(charset: Charset, bytes: Uint8Array): string {
  if (charset.name === "utf-16" || charset.name === "utf-32") {
    return `${charset.name}${guessEndianness(bytes, charset.name === "utf-16" ? 2 : 4)}`;
  }
  return charset.name;
}

/**
 * Applies a declared charset. A single-byte legacy declaration accepts any bytes, so it is overruled by bytes
 * that are valid UTF-8 and not plain ASCII: a CMS emitting UTF-8 under a stale "iso-8859-1" is far more common
 * than legacy text that happens to form valid UTF-8. Multi-byte and Unicode declarations are trusted.
 */
function declaredPlan(bytes: Uint8Array, charset: Charset, source: Source): DecodingPlan {
  if (charset.kind === "single" && !isAscii(bytes) && isUtf8(bytes)) return { encoding: "utf-8", source: "utf8-valid", bom: 0, asciiCompatible: true };
  return plan(concreteName(charset, bytes), source, 0, charset.kind === "single");
}

const plan = (encoding: string, source: Source, bom: number, single = false): DecodingPlan => ({ encoding, source, bom, asciiCompatible: single || encoding === "utf-8" });

// An ASCII-readable XML declaration or meta tag cannot truthfully say UTF-16/32 (it would not be readable as
// ASCII then), so such a label is a mistake and is ignored, as the HTML standard prescribes for meta.
function asciiDeclared(label: string | null): Charset | null {
  const charset = label === null ? null : resolveCharset(label);
  return charset && charset.kind !== "utf16" && charset.kind !== "utf32" ? charset : null;
}

/** How a document's bytes decode, chosen before decoding them (decodeDocument's rules). */
export interface DecodingPlan {
  encoding: string;
  source: Source;
  /** Bytes of byte-order mark to leave out. */
  bom: number;
  /**
   * Whether every byte below 0x80 is the ASCII character wherever it stands (UTF-8 and the
   * single-byte encodings): markup can then be found in the bytes themselves. Not so for UTF-16
   * and UTF-32, nor for the double-byte legacy encodings, whose second bytes may be "]" or "-".
   */
  asciiCompatible: boolean;
}

/**
 * Chooses the encoding of a fetched feed or HTML page. The encoding is taken from, in order: a
 * byte-order mark; the `charset` of the HTTP Content-Type header; the XML declaration (or the byte
 * layout of a BOM-less UTF-16/32 document); an HTML meta charset in the first 4 KB; else UTF-8
 * when the bytes are valid UTF-8, else a guess at a recognisable legacy encoding, else
 * windows-1252. Unknown labels are skipped. A declared single-byte legacy encoding loses to bytes
 * that are valid, non-ASCII UTF-8.
 */
export function planDecoding(bytes: Uint8Array, contentType?: string | null): DecodingPlan {
  const bom = sniffBom(bytes);
  if (bom) return plan(bom.name, "bom", bom.length);

  const httpLabel = charsetParameter(contentType);
  const http = httpLabel === null ? null : resolveCharset(httpLabel);
  if (http) return declaredPlan(bytes, http, "http");

  const wide = sniffWideXml(bytes);
  if (wide) return plan(wide, "xml", 0);
  const xml = asciiDeclared(xmlDeclaredEncoding(bytes));
  if (xml) return declaredPlan(bytes, xml, "xml");
  const meta = asciiDeclared(metaDeclaredCharset(bytes));
  if (meta) return declaredPlan(bytes, meta, "meta");

  if (isUtf8(bytes)) return plan("utf-8", "utf8-valid", 0);
  const guess = guessLegacyEncoding(bytes);
  if (guess) return plan(guess, "sniff", 0, resolveCharset(guess)?.kind === "single");
  return plan("windows-1252", "default", 0, true);
}

/** Decodes bytes as `plan` says (the plan of these bytes, or of a document they were cut from). */
export function decodeWithPlan(bytes: Uint8Array, plan: DecodingPlan): DecodedDocument {
  return decodeAs(plan.bom > 0 ? bytes.subarray(plan.bom) : bytes, plan.encoding, plan.source);
}

/**
 * Decodes the raw bytes of a fetched feed or HTML page into text, in the encoding
 * {@link planDecoding} chooses. Never throws.
 */
export function decodeDocument(bytes: Uint8Array, contentType?: string | null): DecodedDocument {
  return decodeWithPlan(bytes, planDecoding(bytes, contentType));
}
