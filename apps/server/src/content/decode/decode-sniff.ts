/** A byte-order mark found at the start of a document. */
export interface Bom {
  name: "utf-8" | "utf-16le" | "utf-16be" | "utf-32le" | "utf-32be";
  length: number;
}

/**
 * The byte-order mark at the start of `bytes`, if any. UTF-32 LE is tested before UTF-16 LE because
 * FF FE 00 00 starts both; we prefer UTF-32 as a UTF-16 text starting with U+0000 does not occur in practice.
 */
export function sniffBom(bytes: Uint8Array): Bom | null {
  const [b0, b1, b2, b3] = bytes;
  if (b0 === 0xef && b1 === 0xbb && b2 === 0xbf) return { name: "utf-8", length: 3 };
  if (b0 === 0xff && b1 === 0xfe && b2 === 0x00 && b3 === 0x00) return { name: "utf-32le", length: 4 };
  if (b0 === 0x00 && b1 === 0x00 && b2 === 0xfe && b3 === 0xff) return { name: "utf-32be", length: 4 };
  if (b0 === 0xff && b1 === 0xfe) return { name: "utf-16le", length: 2 };
  if (b0 === 0xfe && b1 === 0xff) return { name: "utf-16be", length: 2 };
  return null;
}

/**
 * The UTF-16/32 variant a BOM-less document is in, judged from how `<?` (the start of an XML declaration or
 * processing instruction) is laid out in its first bytes — the detection table of XML 1.0 appendix F.
 */
export function sniffWideXml(bytes: Uint8Array): "utf-16le" | "utf-16be" | "utf-32le" | "utf-32be" | null {
  const head = Array.from(bytes.subarray(0, 8), (b) => b.toString(16).padStart(2, "0")).join("");
  if (head.startsWith("3c0000003f000000")) return "utf-32le";
  if (head.startsWith("0000003c0000003f")) return "utf-32be";
  if (head.startsWith("3c003f00")) return "utf-16le";
  if (head.startsWith("003c003f")) return "utf-16be";
  return null;
}

/**
 * The endianness of BOM-less UTF-16 or UTF-32 text declared without one ("utf-16"), judged from where the zero
 * bytes of ASCII characters fall; little-endian when there is nothing to go on, as Windows writes it that way.
 */
export function guessEndianness(bytes: Uint8Array, unit: 2 | 4): "le" | "be" {
  let leading = 0;
  let trailing = 0;
  const end = Math.min(bytes.length, 1024) - unit + 1;
  for (let i = 0; i < end; i += unit) {
    if (bytes[i] === 0 && bytes[i + unit - 1] !== 0) leading++;
    if (bytes[i] !== 0 && bytes[i + unit - 1] === 0) trailing++;
  }
  return leading > trailing ? "be" : "le";
}

// Declarations are ASCII, so reading the head as latin1 (one char per byte, never fails) is enough to find them.
function asciiHead(bytes: Uint8Array, limit: number): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.length, limit)).toString("latin1");
}

/**
 * The `encoding` label of an XML declaration at the start of the document, or `null`. Leading whitespace is
 * tolerated because many feeds are served with a blank line before the declaration.
 */
export function xmlDeclaredEncoding(bytes: Uint8Array): string | null {
  const head = asciiHead(bytes, 1024);
  const declaration = /^\s*<\?xml\s[^>]*?\bencoding\s*=\s*(["'])\s*([^"'<>?\s]+)\s*\1/.exec(head);
  return declaration?.[2] ?? null;
}

// Scanning as far as WHATWG's prescan does; a charset declared later than this has no effect in browsers either.
const META_SCAN_BYTES = 4096;

/**
 * The charset an HTML `<meta charset>` or `<meta http-equiv="Content-Type" content="…; charset=…">` declares
 * in the first 4 KB, or `null`. The first meta that declares one wins, as in browsers.
 */
export function metaDeclaredCharset(bytes: Uint8Array): string | null {
  const head = asciiHead(bytes, META_SCAN_BYTES);
  for (const [tag] of head.matchAll(/<meta\s[^>]*>?/gi)) {
    const charset = /\bcharset\s*=\s*["']?\s*([^\s"'/>;]+)/i.exec(tag);
    if (charset?.[1]) return charset[1];
  }
  return null;
}
