// Text as the search index sees it. PostgreSQL's `simple` configuration splits words at spaces
// and punctuation, which leaves Chinese and Japanese (written without spaces) as one long "word".
// So text is normalised here, the same way for documents and queries, on PGlite and PostgreSQL
// alike (no extension): folded (compatibility forms, case, Latin diacritics), and every run of
// CJK characters turned into its overlapping character pairs ("東京都" → "東京 京都"), which makes
// any two-character substring a word of its own.

import { decodeHTML } from "entities";

/** Characters indexed as pairs: letters (and marks) of the Han, Hiragana, Katakana and Hangul scripts. */
export const CJK_SCRIPTS = "[\\p{scx=Han}\\p{scx=Hiragana}\\p{scx=Katakana}\\p{scx=Hangul}]";
const CJK_LETTER = `(?:(?=[\\p{L}\\p{M}\\p{Nl}])${CJK_SCRIPTS})`;
export const CJK_RUN = new RegExp(`${CJK_LETTER}+`, "gu");
const CJK_CHAR = new RegExp(`^${CJK_LETTER}$`, "u");

/** Most body text indexed per entry: enough for any article's substance, bounded for the index. */
export const MAX_BODY_CHARS = 20_000;

// NUL cannot be stored in PostgreSQL text, and other control characters only separate words.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;
const DIACRITICS = /[\u0300-\u036f]/g;
// After CONTROL, only tabs and line breaks are left below the space.
const NOT_ASCII = /[^\t\n\r\x20-\x7e]/;

/** True when `char` (one code point) is a CJK letter. */
export function isCjkChar(char: string): boolean {
  return CJK_CHAR.test(char);
}

/**
 * Text folded for matching: compatibility forms unified (full-width Latin, half-width kana),
 * lower-cased, Latin/Greek/Cyrillic diacritics removed ("Café" → "cafe").
 */
export function foldText(text: string): string {
  const clean = text.replace(CONTROL, " ");
  if (!NOT_ASCII.test(clean)) return clean.toLowerCase();
  return clean.normalize("NFKC").toLowerCase().normalize("NFD").replace(DIACRITICS, "").normalize("NFC");
}

/** The overlapping pairs of a CJK run; a single character stays itself. */
export function cjkBigrams(run: string): string[] {
  const chars = Array.from(run);
  if (chars.length < 2) return chars;
  const pairs: string[] = [];
  for (let i = 0; i < chars.length - 1; i++) pairs.push(chars[i]! + chars[i + 1]!);
  return pairs;
}

/** Folded text with each CJK run replaced by its pairs: what goes into `to_tsvector('simple', …)`. */
export function toSearchText(text: string): string {
  const folded = foldText(text);
  return folded.replace(CJK_RUN, (run) => ` ${cjkBigrams(run).join(" ")} `);
}

// Inline elements join their text to the next without a space ("<b>東京</b>都" is one word);
// every other tag separates words.
const INLINE_TAGS = /<\/?(?:a|abbr|b|bdi|bdo|cite|code|data|del|dfn|em|font|i|ins|kbd|mark|q|rp|rt|ruby|s|samp|small|span|strong|sub|sup|time|u|var|wbr)\b[^>]*>/gi;
const OTHER_TAGS = /<[^>]*>?/g;

/**
 * Plain text of sanitised entry HTML, cheaply: tags removed by pattern (stored content is already
 * sanitised, so no scripts or styles are left to skip), entities decoded, whitespace collapsed.
 */
export function stripTags(html: string): string {
  return decodeHTML(html.replace(INLINE_TAGS, "").replace(OTHER_TAGS, " ")).replace(/\s+/g, " ").trim();
}

/** `text` cut to at most `max` UTF-16 units without splitting a surrogate pair. */
export function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  const code = text.charCodeAt(max - 1);
  return text.slice(0, code >= 0xd800 && code <= 0xdbff ? max - 1 : max);
}

/**
 * The body an entry is searched by: its description, then the text of its content (without the
 * description when the content starts with it, as most feeds' descriptions do), at most
 * {@link MAX_BODY_CHARS} characters.
 */
export function entryBodyText(description: string | null | undefined, content: string | null | undefined): string {
  const contentText = content ? stripTags(clip(content, MAX_BODY_CHARS * 4)) : "";
  const summary = description?.replace(/\s+/g, " ").trim() ?? "";
  const lead = summary.replace(/…$/, "").slice(0, 60);
  const body = !contentText ? summary : summary && !contentText.startsWith(lead) ? `${summary} ${contentText}` : contentText;
  return clip(body, MAX_BODY_CHARS);
}
