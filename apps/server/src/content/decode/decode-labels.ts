import iconv from "iconv-lite";

/**
 * How an encoding relates to ASCII, which decides how far a declaration of it can be trusted:
 * - `utf8`: UTF-8 itself.
 * - `single`: an ASCII-compatible single-byte legacy encoding (latin1, windows-125x, koi8-*, …). Any byte string
 *   decodes without error in these, so a wrong declaration goes unnoticed; valid UTF-8 may overrule it.
 * - `multi`: an ASCII-compatible multi-byte encoding (gb18030, big5, shift_jis, euc-*): trusted as declared.
 * - `utf16` / `utf32`: not ASCII-compatible; the endianness may still have to come from the bytes.
 */
export type CharsetKind = "utf8" | "single" | "multi" | "utf16" | "utf32";

/** An encoding label resolved to what we decode with and what we report. */
export interface Charset {
  /** Lower-case canonical name, also a name iconv-lite decodes with. */
  name: string;
  kind: CharsetKind;
}

// Labels are compared the way iconv-lite does it: lower case, punctuation dropped ("ISO_8859-1" → "iso88591").
// Canonical names follow the WHATWG Encoding standard: a label names the encoding browsers actually use for it,
// so "iso-8859-1" and "us-ascii" decode (and are reported) as windows-1252, and "gb2312" as gb18030.
const FAMILIES: ReadonlyArray<readonly [name: string, kind: CharsetKind, labels: string]> = [
  ["utf-8", "utf8", "utf8 unicode11utf8 unicode20utf8 xunicode20utf8"],
  ["utf-16", "utf16", "utf16 ucs2 unicode csunicode iso10646ucs2 unicodefeff"],
  ["utf-16le", "utf16", "utf16le"],
  ["utf-16be", "utf16", "utf16be unicodefffe"],
  ["utf-32", "utf32", "utf32 ucs4 iso10646ucs4"],
  ["utf-32le", "utf32", "utf32le"],
  ["utf-32be", "utf32", "utf32be"],
  [
    "windows-1252",
    "single",
    "windows1252 cp1252 xcp1252 iso88591 iso885911987 latin1 l1 isoir100 cp819 ibm819 csisolatin1 usascii ascii " +
      "ansix341968 iso646us csascii",
  ],
  ["windows-874", "single", "windows874 cp874 dos874 tis620 iso885911"],
  ["windows-1254", "single", "windows1254 cp1254 xcp1254 iso88599 iso885991989 latin5 l5 csisolatin5 isoir148"],
  ["iso-8859-2", "single", "iso88592 latin2 l2 csisolatin2 isoir101"],
  ["iso-8859-3", "single", "iso88593 latin3 l3 csisolatin3 isoir109"],
  ["iso-8859-4", "single", "iso88594 latin4 l4 csisolatin4 isoir110"],
  ["iso-8859-10", "single", "iso885910 latin6 l6 csisolatin6 isoir157"],
  ["iso-8859-5", "single", "iso88595 cyrillic csisolatincyrillic isoir144"],
  ["iso-8859-7", "single", "iso88597 greek greek8 elot928 ecma118 csisolatingreek isoir126 suneugreek"],
  ["koi8-r", "single", "koi8r koi8 cskoi8r"],
  ["koi8-u", "single", "koi8u koi8ru"],
  ["ibm866", "single", "ibm866 cp866 866 csibm866"],
  ["macintosh", "single", "macintosh mac xmacroman csmacintosh"],
  ["iso-8859-8", "single", "iso88598 iso88598i iso88598e logical visual hebrew"],
  ["gb18030", "multi", "gb18030 gbk gb2312 gb231280 cp936 windows936 xgbk chinese csgb2312 isoir58 euccn"],
  ["big5", "multi", "big5 big5hkscs cnbig5 xxbig5 csbig5 cp950 windows950"],
  ["shift_jis", "multi", "shiftjis sjis mskanji xsjis windows31j csshiftjis ms932 cp932 windows932"],
  ["euc-jp", "multi", "eucjp xeucjp cseucpkdfmtjapanese"],
  ["euc-kr", "multi", "euckr ksc56011987 ksc56011989 ksc5601 windows949 cp949 korean cseuckr isoir149"],
];

const BY_LABEL = new Map<string, Charset>(
  FAMILIES.flatMap(([name, kind, labels]) => labels.split(" ").map((label) => [label, { name, kind }] as const)),
);

// iconv-lite also "knows" these, but they are not text encodings (base64, hex) or are a script-injection risk
// for HTML (UTF-7 can smuggle "<script>" past filters that look at the raw bytes).
const REFUSED = new Set(["base64", "base64url", "hex", "binary", "utf7", "utf7imap", "unicode11utf7", "cesu8"]);

const ALL_BYTES = Uint8Array.from({ length: 256 }, (_, i) => i);
const PRINTABLE_ASCII = String.fromCharCode(...ALL_BYTES.subarray(0x20, 0x7f));

function compact(label: string): string {
  return label.toLowerCase().replace(/[^a-z0-9]/g, "");
}

/**
 * Resolves a charset label (from HTTP, an XML declaration or a meta tag) to a decodable charset, or `null`
 * when iconv-lite does not know it or it is refused. Quotes and surrounding whitespace are tolerated.
 */
export function resolveCharset(label: string): Charset | null {
  const key = compact(label.trim().replace(/^["']|["']$/g, ""));
  if (key === "" || REFUSED.has(key)) return null;
  const known = BY_LABEL.get(key);
  if (known) return known;
  const windows = /^(?:windows|x?cp|win)(125[0-8])$/.exec(key);
  if (windows) return { name: `windows-${windows[1]}`, kind: "single" };
  if (!iconv.encodingExists(key)) return null;
  const iso = /^iso8859(\d{1,2})$/.exec(key);
  if (iso) return { name: `iso-8859-${iso[1]}`, kind: "single" };
  return { name: key, kind: probeKind(key) };
}

// For labels outside the table (e.g. "latin2", "cp437", "maccyrillic"), iconv-lite's codec decides: one
// character per byte and ASCII left alone means a single-byte legacy encoding.
function probeKind(name: string): CharsetKind {
  const decoded = iconv.decode(ALL_BYTES, name, { stripBOM: false });
  const asciiSafe = iconv.decode(ALL_BYTES.subarray(0x20, 0x7f), name) === PRINTABLE_ASCII;
  return decoded.length === 256 && asciiSafe ? "single" : "multi";
}

/**
 * Extracts the `charset` parameter of a Content-Type header value, or `null` when there is none.
 * Tolerates quotes and spaces around `=` ("charset = 'utf-8'"), which servers send in the wild.
 */
export function charsetParameter(contentType: string | null | undefined): string | null {
  if (!contentType) return null;
  for (const parameter of contentType.split(";").slice(1)) {
    const match = /^\s*charset\s*=\s*(.*)$/i.exec(parameter);
    const value = match?.[1]?.trim().replace(/^["']|["']$/g, "").trim();
    if (value) return value;
  }
  return null;
}
