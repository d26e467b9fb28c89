// Highlights for the page of results only: the title with its matches marked, and a snippet of the
// body around the first match. Matching folds text exactly as the index does (search-text.ts), so
// "CAFÉ" is marked for "cafe" and a Chinese two-character substring inside a longer run is found;
// everything but the <mark> tags is HTML-escaped.

import type { HighlightTerm } from "./search-query.ts";
import { CJK_SCRIPTS, foldText } from "../../content/search-text.ts";

/** Characters of body text shown in a snippet. */
export const SNIPPET_CHARS = 200;
/** Characters of context kept before the first match. */
const LEAD_CHARS = 60;

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** `text` safe inside HTML. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ESCAPES[char]!);
}

const folds = new Map<string, string>();
function foldChar(char: string): string {
  const code = char.charCodeAt(0);
  if (code < 0x80) return code >= 65 && code <= 90 ? String.fromCharCode(code + 32) : char;
  let folded = folds.get(char);
  if (folded === undefined) {
    folded = foldText(char);
    if (folds.size < 50_000) folds.set(char, folded);
  }
  return folded;
}

/** Folded text and, for each of its UTF-16 units, where its code point starts and ends in `text`. */
function foldWithOffsets(text: string): { folded: string; starts: number[]; ends: number[] } {
  let folded = "";
  const starts: number[] = [];
  const ends: number[] = [];
  for (let i = 0; i < text.length; ) {
    const point = text.codePointAt(i)!;
    const width = point > 0xffff ? 2 : 1;
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

const escapeRegExp = (text: string) => text.replace(/[\\^$.*+?()[\]{}|/]/g, "\\$&");
// A word boundary for Latin-like words; CJK characters count as boundaries (the index splits there).
const WORD = `(?:(?!${CJK_SCRIPTS})[\\p{L}\\p{N}\\p{M}])`;

/** One regular expression matching any of the terms, longest first. */
function matcher(terms: HighlightTerm[]): RegExp | null {
  const unique = [...new Map(terms.filter((term) => term.text).map((term) => [`${term.cjk}:${term.prefix}:${term.text}`, term])).values()];
  if (unique.length === 0) return null;
  unique.sort((a, b) => b.text.length - a.text.length);
  const parts = unique.map((term) => {
    const body = escapeRegExp(term.text);
    if (term.cjk) return body;
    return `(?<!${WORD})${body}${term.prefix ? "" : `(?!${WORD})`}`;
  });
  return new RegExp(parts.join("|"), "gu");
}

/** Ranges of `text` (start, end) that match the terms. */
export function matchRanges(text: string, terms: HighlightTerm[]): [number, number][] {
  const regex = matcher(terms);
  if (!regex || !text) return [];
  const { folded, starts, ends } = foldWithOffsets(text);
  const ranges: [number, number][] = [];
  // Every start position is tried, so that overlapping matches ("東京" and "京都" in "東京都") all count.
  for (let match = regex.exec(folded); match; match = regex.exec(folded)) {
    regex.lastIndex = match.index + 1;
    if (match[0].length === 0) continue;
    const start = starts[match.index]!;
    const end = ends[match.index + match[0].length - 1]!;
    const previous = ranges.at(-1);
    if (previous && start <= previous[1]) previous[1] = Math.max(previous[1], end);
    else ranges.push([start, end]);
  }
  return ranges;
}

/** `text[from, to)` escaped, with the parts inside `ranges` wrapped in <mark>. */
function mark(text: string, ranges: [number, number][], from = 0, to = text.length): string {
  let out = "";
  let at = from;
  for (const [start, end] of ranges) {
    const s = Math.max(start, from);
    const e = Math.min(end, to);
    if (e <= s) continue;
    out += `${escapeHtml(text.slice(at, s))}<mark>${escapeHtml(text.slice(s, e))}</mark>`;
    at = e;
  }
  return out + escapeHtml(text.slice(at, to));
}

/** The title with its matches marked; null for an entry without a title. */
export function highlightTitle(title: string | null, terms: HighlightTerm[]): string | null {
  return title === null ? null : mark(title, matchRanges(title, terms));
}

/** Moves `index` off the second half of a surrogate pair. */
const onCodePoint = (text: string, index: number) => {
  const code = text.charCodeAt(index);
  return code >= 0xdc00 && code <= 0xdfff ? index - 1 : index;
};

/**
 * About {@link SNIPPET_CHARS} characters of the body around its first match (from the start when
 * only the title matched), matches marked, cuts shown with "…".
 */
export function highlightSnippet(body: string, terms: HighlightTerm[]): string {
  const ranges = matchRanges(body, terms);
  const first = ranges[0]?.[0] ?? 0;
  let start = Math.max(0, first - LEAD_CHARS);
  if (start > 0) {
    // Start on a word when one begins shortly before the cut.
    const space = body.lastIndexOf(" ", start);
    if (space !== -1 && start - space < 20) start = space + 1;
  }
  start = onCodePoint(body, start);
  let end = Math.min(body.length, start + SNIPPET_CHARS);
  if (end < body.length) {
    const space = body.indexOf(" ", end);
    if (space !== -1 && space - end < 20) end = space;
  }
  end = onCodePoint(body, end);
  return `${start > 0 ? "…" : ""}${mark(body, ranges, start, end)}${end < body.length ? "…" : ""}`;
}
