// Text as the search index sees it. Words are split at spaces and punctuation (search-words.ts),
// which would leave Chinese and Japanese (written without spaces) as one long "word". So text is
// normalised here, the same way for documents and queries, on every PostgreSQL alike (no
// extension): folded (compatibility forms, case, Latin diacritics), and every run of CJK
// characters turned into its overlapping character pairs ("東京都" → "東京 京都"), which makes any
// two-character substring a word of its own.

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

/** True when `char` (one code point) is a CJK letter. */
export function isCjkChar(char: string): boolean {
  return CJK_CHAR.test(char);
}

// Whether each BMP code point is a CJK letter, learnt from CJK_CHAR on first sight: 0 not known
// yet, 1 yes, 2 no. Astral code points (rare: Han extensions, kana supplements) ask CJK_CHAR.
const bmpCjk = new Uint8Array(0x10000);

/** isCjkChar by code point, without a regular expression for a BMP character seen before. */
function isCjkCode(code: number): boolean {
  // The first CJK letters are two combining marks (U+0305, U+0323); everything below is Latin.
  if (code < 0x0300) return false;
  if (code > 0xffff) return CJK_CHAR.test(String.fromCodePoint(code));
  let known = bmpCjk[code]!;
  if (known === 0) {
    known = CJK_CHAR.test(String.fromCharCode(code)) ? 1 : 2;
    bmpCjk[code] = known;
  }
  return known === 1;
}

// Where a CJK letter may be (a superset: pairCjkRuns checks each hit with isCjkCode): the
// combining diacritics, the Hangul, CJK, kana and Han blocks, half/full-width forms, and every
// high surrogate (the supplementary planes hold more Han and kana). No `u` flag: it matches code
// units, which keeps the scan over Latin text as fast as a scan gets.
const CJK_CANDIDATE = /[\u0300-\u036f\u1100-\u11ff\u2e80-\u2fff\u3000-\u9fff\ua960-\ua97f\uac00-\ud7ff\uf900-\ufaff\ufe30-\ufe4f\uff00-\uffef\ud800-\udbff]/g;

// The general folding: NFKC, then lower case, then diacritics split off (NFD) and removed.
const foldAll = (text: string) => text.normalize("NFKC").toLowerCase().normalize("NFD").replace(DIACRITICS, "").normalize("NFC");

// A control character, or an "island": a run of non-ASCII characters with the character before it
// (a combining mark may compose with it). Normalisation never reaches across an ASCII character
// (none has a decomposition, combines with a character before it or has a combining class), and
// lower case maps each character on its own but for the capital sigma, whose form depends on the
// letters around it (text holding one, or a character NFKC turns into one, takes the general
// path). So folding islands one by one and lower-casing the rest gives what folding the whole
// text gives. And as no ASCII character is a CJK letter nor becomes one, every CJK run of the
// folded text lies within one folded island: islands can be paired one by one too.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const ISLAND_OR_CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]|[\u0000-\u007f]?[^\u0000-\u007f]+/g;
// eslint-disable-next-line no-control-regex -- as above
const CONTROL_FIRST = /^[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
// Σ, lunate Σ and the mathematical capital sigmas (U+1D6BA, U+1D6F4, U+1D72E, U+1D768, U+1D7A2).
const CAPITAL_SIGMA = /[\u03a3\u03f9]|\ud835[\udeba\udef4\udf2e\udf68\udfa2]/;

// Islands recur (the same accented words and quotation marks, entry after entry): what they become
// is remembered, boundedly.
const MAX_CACHED_ISLAND = 32;
const MAX_CACHED_ISLANDS = 10_000;

function islandMemo(transform: (island: string) => string): (match: string) => string {
  const cache = new Map<string, string>();
  return (match) => {
    if (match.length === 1 && match.charCodeAt(0) < 0x80) return " "; // a control character
    // A control character before a non-ASCII run is a space before it.
    const island = CONTROL_FIRST.test(match) ? ` ${match.slice(1)}` : match;
    if (island.length > MAX_CACHED_ISLAND) return transform(island);
    let done = cache.get(island);
    if (done === undefined) {
      if (cache.size >= MAX_CACHED_ISLANDS) cache.clear();
      done = transform(island);
      cache.set(island, done);
    }
    return done;
  };
}

const foldMatch = islandMemo(foldAll);
const searchMatch = islandMemo((island) => pairCjkRuns(foldAll(island)));

/**
 * Text folded for matching: compatibility forms unified (full-width Latin, half-width kana),
 * lower-cased, Latin/Greek/Cyrillic diacritics removed ("Café" → "cafe"), control characters
 * turned into spaces. Only the non-ASCII runs go through Unicode normalisation.
 */
export function foldText(text: string): string {
  if (CAPITAL_SIGMA.test(text)) return foldAll(text.replace(CONTROL, " "));
  // Folded islands are lower case already: lower-casing them again changes nothing.
  return text.replace(ISLAND_OR_CONTROL, foldMatch).toLowerCase();
}

/** The overlapping pairs of a CJK run; a single character stays itself. */
export function cjkBigrams(run: string): string[] {
  const pairs: string[] = [];
  let previous = "";
  for (let i = 0; i < run.length; ) {
    const size = run.codePointAt(i)! > 0xffff ? 2 : 1;
    const char = run.slice(i, i + size);
    if (previous) pairs.push(previous + char);
    previous = char;
    i += size;
  }
  return pairs.length === 0 && previous ? [previous] : pairs;
}

/**
 * `folded.replace(CJK_RUN, (run) => ` ${cjkBigrams(run).join(" ")} `)`, with the runs found by a
 * scan for candidates instead of a Unicode-property pattern tried at every position.
 */
function pairCjkRuns(folded: string): string {
  let out = "";
  let last = 0;
  CJK_CANDIDATE.lastIndex = 0;
  for (let hit = CJK_CANDIDATE.exec(folded); hit !== null; hit = CJK_CANDIDATE.exec(folded)) {
    const start = hit.index;
    let end = start;
    while (end < folded.length) {
      const code = folded.codePointAt(end)!;
      if (!isCjkCode(code)) break;
      end += code > 0xffff ? 2 : 1;
    }
    if (end === start) continue;
    out += `${folded.slice(last, start)} ${cjkBigrams(folded.slice(start, end)).join(" ")} `;
    last = end;
    CJK_CANDIDATE.lastIndex = end;
  }
  return last === 0 ? folded : out + folded.slice(last);
}

/** Folded text with each CJK run replaced by its pairs: what documents and queries are split into words from. */
export function toSearchText(text: string): string {
  if (CAPITAL_SIGMA.test(text)) return pairCjkRuns(foldAll(text.replace(CONTROL, " ")));
  return text.replace(ISLAND_OR_CONTROL, searchMatch).toLowerCase();
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
 * The body of an entry as text, for snippets of search results and for checking phrases: its
 * description, then the text of its content (without the description when the content starts
 * with it, as most feeds' descriptions do), at most {@link MAX_BODY_CHARS} characters.
 */
export function entryBodyText(description: string | null | undefined, content: string | null | undefined): string {
  const contentText = content ? stripTags(clip(content, MAX_BODY_CHARS * 4)) : "";
  const summary = description?.replace(/\s+/g, " ").trim() ?? "";
  const lead = summary.replace(/…$/, "").slice(0, 60);
  const body = !contentText ? summary : summary && !startsWithWords(contentText, lead) ? `${summary} ${contentText}` : contentText;
  return clip(body, MAX_BODY_CHARS);
}

/** Whether `text` starts with `lead` (whose whitespace is single spaces), whatever its own whitespace. */
function startsWithWords(text: string, lead: string): boolean {
  // Plain text keeps line breaks between blocks: else compare a head with its whitespace collapsed.
  return text.startsWith(lead) || text.slice(0, lead.length * 2 + 8).replace(/\s+/g, " ").startsWith(lead);
}

/** What an entry's search document is made of (title, description, sanitised content and its text). */
export interface SearchableText {
  title?: string | null;
  description?: string | null;
  content?: string | null;
  /** The plain text of `content` when already known (the sanitiser gives it): spares reading the HTML again. */
  contentText?: string | null;
}
