// Text folding for the local search: case and accents are ignored ("Café" matches "cafe"), and
// every folded unit remembers where it came from, so matches can be marked in the original text.

const cache = new Map<string, string>();

/** One character folded: lower case, without combining marks. */
function foldChar(char: string): string {
  const code = char.charCodeAt(0);
  if (code < 0x80) return code >= 65 && code <= 90 ? String.fromCharCode(code + 32) : char;
  let folded = cache.get(char);
  if (folded === undefined) {
    folded = char.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase();
    if (cache.size < 20_000) cache.set(char, folded);
  }
  return folded;
}

/** `text` folded for comparison. */
export function foldText(text: string): string {
  let out = "";
  for (const char of text) out += foldChar(char);
  return out;
}

/** Folded text and, for each of its UTF-16 units, where its character starts and ends in `text`. */
export function foldWithOffsets(text: string): { folded: string; starts: number[]; ends: number[] } {
  let folded = "";
  const starts: number[] = [];
  const ends: number[] = [];
  for (let i = 0; i < text.length; ) {
    const width = text.codePointAt(i)! > 0xffff ? 2 : 1;
    const piece = foldChar(text.slice(i, i + width));
    folded += piece;
    for (let k = 0; k < piece.length; k++) {
      starts.push(i);
      ends.push(i + width);
    }
    i += width;
  }
  return { folded, starts, ends };
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " ", "#39": "'" };

/** Decodes the HTML character references of `text` (named basics and numeric ones). */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[\da-f]+|#\d+|[a-z]+\d*);/gi, (whole, name: string) => {
    if (name[0] === "#") {
      const point = name[1] === "x" || name[1] === "X" ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return Number.isFinite(point) && point > 0 && point <= 0x10ffff ? String.fromCodePoint(point) : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/** Plain text of a description that may hold HTML: tags dropped, references decoded, spaces collapsed. */
export function plainText(html: string | null | undefined): string {
  if (!html) return "";
  return decodeEntities(html.replace(/<(script|style)[\s\S]*?<\/\1>/gi, " ").replace(/<[^>]*>/g, " "))
    .replace(/\s+/g, " ")
    .trim();
}
