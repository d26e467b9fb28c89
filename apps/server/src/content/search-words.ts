// The words of the search index, and an entry's search document built from them here rather
// than by PostgreSQL's text parser. Documents and queries are split by the same functions, so
// they always agree: text is split into words (runs of letters, digits and marks), and each word
// that is not plain lower-case ASCII is folded by toSearchText (search-text.ts: compatibility
// forms, case, diacritics, CJK runs into character pairs) and split again. Building a document
// is one scan of its text plus a fold per distinct word, where `to_tsvector` spent most of the
// database's time of a refresh (its parser, and the sort of every word with its position).
//
// A document (a tsvector literal, written by search-document.ts) holds the title's words with
// their positions, weighted A, and the body's distinct words without positions. Positions serve
// ranking (adjacent title words rank higher) and phrases; a phrase in a body is checked on the
// entry's words when the query has one (search-query.ts), which spares storing and sending a
// position for every word of every body.

import { toSearchText } from "./search-text.ts";

/** Longest word indexed, in UTF-16 units: PostgreSQL refuses lexemes over 2047 bytes. */
export const MAX_WORD_LENGTH = 500;
/** PostgreSQL's largest position, and most positions of one lexeme. */
export const MAX_POSITION = 16_383;
export const MAX_POSITIONS_PER_WORD = 256;

const LETTER_NUMBER_MARK = /^[\p{L}\p{N}\p{M}]$/u;

// Whether each code unit below U+D800 or from U+E000 is a word character: 0 not known yet,
// 1 yes, 2 no; learnt on first sight. ASCII is set at once.
const bmpWord = new Uint8Array(0x10000);
for (let code = 0; code < 0x80; code++) {
  bmpWord[code] = (code >= 0x30 && code <= 0x39) || (code >= 0x61 && code <= 0x7a) || (code >= 0x41 && code <= 0x5a) ? 1 : 2;
}
const astralWord = new Map<number, boolean>();

function isWordCode(code: number): boolean {
  let known = bmpWord[code]!;
  if (known === 0) {
    known = LETTER_NUMBER_MARK.test(String.fromCharCode(code)) ? 1 : 2;
    bmpWord[code] = known;
  }
  return known === 1;
}

function isAstralWord(codePoint: number): boolean {
  let known = astralWord.get(codePoint);
  if (known === undefined) {
    known = LETTER_NUMBER_MARK.test(String.fromCodePoint(codePoint));
    if (astralWord.size < 10_000) astralWord.set(codePoint, known);
  }
  return known;
}

/**
 * Calls `visit` with each word of `text` in order: a run of letters, digits and combining marks
 * (any script); everything else separates words. Meant for text normalised by toSearchText
 * (folded, CJK runs as character pairs); words longer than {@link MAX_WORD_LENGTH} are skipped.
 */
export function forEachWord(text: string, visit: (word: string) => void): void {
  const length = text.length;
  let start = -1;
  for (let i = 0; i < length; i++) {
    const code = text.charCodeAt(i);
    let word: boolean;
    if (code < 0xd800 || code >= 0xe000) word = isWordCode(code);
    else if (code < 0xdc00 && i + 1 < length) {
      const low = text.charCodeAt(i + 1);
      word = low >= 0xdc00 && low < 0xe000 && isAstralWord(((code - 0xd800) << 10) + (low - 0xdc00) + 0x10000);
      if (word) {
        if (start < 0) start = i;
        i++;
        continue;
      }
    } else word = false;
    if (word) {
      if (start < 0) start = i;
    } else if (start >= 0) {
      if (i - start <= MAX_WORD_LENGTH) visit(text.slice(start, i));
      start = -1;
    }
  }
  if (start >= 0 && length - start <= MAX_WORD_LENGTH) visit(start === 0 ? text : text.slice(start));
}

/** The words of `text` in order (see {@link forEachWord}). */
export function searchWords(text: string): string[] {
  const words: string[] = [];
  forEachWord(text, (word) => words.push(word));
  return words;
}

// The table of forEachDistinctWord, kept between calls (documents are made one at a time): slot
// → word number + 1, valid when its stamp is the call's; each word's hash, start and end.
let slots = new Int32Array(1 << 12);
let stamps = new Int32Array(1 << 12);
let stamp = 0;
let hashes = new Int32Array(1 << 10);
let starts = new Int32Array(1 << 10);
let ends = new Int32Array(1 << 10);

const grown = (array: Int32Array) => {
  const next = new Int32Array(array.length * 2);
  next.set(array);
  return next;
};

/** Rebuilds the slots at twice the size for `count` words. */
function growSlots(count: number): void {
  slots = new Int32Array(slots.length * 2);
  stamps = new Int32Array(stamps.length * 2);
  const mask = slots.length - 1;
  for (let word = 0; word < count; word++) {
    let slot = (hashes[word]! ^ (hashes[word]! >>> 15)) & mask;
    while (stamps[slot] === stamp) slot = (slot + 1) & mask;
    slots[slot] = word + 1;
    stamps[slot] = stamp;
  }
}

/**
 * Calls `visit` once for each distinct word of `text` ({@link forEachWord}'s words), in the order
 * of first appearance, with its place (`text.slice(start, end)` is the word) and whether it is
 * plain (lower-case ASCII letters and digits only). Words are hashed as they are scanned and
 * looked up in an open-addressing table of their places in `text`: a word seen before costs no
 * string and no Map lookup, which is most words of an article, and a new one costs a string only
 * if its visitor makes one.
 */
export function forEachDistinctSpan(text: string, visit: (start: number, end: number, plain: boolean) => void): void {
  stamp = (stamp + 1) | 0;
  if (stamp === 0) {
    stamps.fill(0);
    stamp = 1;
  }
  let mask = slots.length - 1;
  let count = 0;
  const length = text.length;
  let start = -1;
  let hash = 0;
  // Whether the word so far is lower-case ASCII letters and digits only (needs no folding).
  let plain = true;
  for (let i = 0; i <= length; i++) {
    if (i < length) {
      const code = text.charCodeAt(i);
      if (code < 0xd800 || code >= 0xe000) {
        let known = bmpWord[code]!;
        if (known === 0) known = isWordCode(code) ? 1 : 2;
        if (known === 1) {
          if (start < 0) {
            start = i;
            hash = 0x811c9dc5 | 0;
            plain = true;
          }
          if (code >= 0x80 || (code >= 0x41 && code <= 0x5a)) plain = false;
          hash = Math.imul(hash ^ code, 0x01000193);
          continue;
        }
      } else if (code < 0xdc00 && i + 1 < length) {
        const low = text.charCodeAt(i + 1);
        if (low >= 0xdc00 && low < 0xe000 && isAstralWord(((code - 0xd800) << 10) + (low - 0xdc00) + 0x10000)) {
          if (start < 0) {
            start = i;
            hash = 0x811c9dc5 | 0;
          }
          plain = false;
          hash = Math.imul(Math.imul(hash ^ code, 0x01000193) ^ low, 0x01000193);
          i++;
          continue;
        }
      }
    }
    if (start < 0) continue;
    const size = i - start;
    if (size <= MAX_WORD_LENGTH) {
      let slot = (hash ^ (hash >>> 15)) & mask;
      for (;;) {
        if (stamps[slot] !== stamp) {
          if (count === hashes.length) {
            hashes = grown(hashes);
            starts = grown(starts);
            ends = grown(ends);
          }
          hashes[count] = hash;
          starts[count] = start;
          ends[count] = i;
          slots[slot] = ++count;
          stamps[slot] = stamp;
          if (count * 2 > slots.length) {
            growSlots(count);
            mask = slots.length - 1;
          }
          visit(start, i, plain);
          break;
        }
        const word = slots[slot]! - 1;
        if (hashes[word] === hash && ends[word]! - starts[word]! === size) {
          const other = starts[word]!;
          let same = 0;
          while (same < size && text.charCodeAt(other + same) === text.charCodeAt(start + same)) same++;
          if (same === size) break;
        }
        slot = (slot + 1) & mask;
      }
    }
    start = -1;
  }
}

/** {@link forEachDistinctSpan}'s words as strings. */
export function forEachDistinctWord(text: string, visit: (word: string, plain: boolean) => void): void {
  forEachDistinctSpan(text, (start, end, plain) => visit(text.slice(start, end), plain));
}

// Folded words of words that are not plain, remembered (boundedly): the same capitalised and
// accented words come back entry after entry.
const MAX_FOLDED = 20_000;
const folded = new Map<string, string[]>();

/** The index's words of one word of text (see the top of this file): folded and split again. */
export function foldWord(word: string): string[] {
  let words = folded.get(word);
  if (words === undefined) {
    words = searchWords(toSearchText(word));
    if (folded.size >= MAX_FOLDED) folded.clear();
    folded.set(word, words);
  }
  return words;
}

/** Whether a word needs no folding: lower-case ASCII letters and digits only. */
const PLAIN = /^[a-z0-9]*$/;

/** The index's words of any text, in order: what documents hold and queries look for. */
export function indexWords(text: string): string[] {
  const words: string[] = [];
  forEachWord(text, (word) => {
    if (PLAIN.test(word)) words.push(word);
    else for (const part of foldWord(word)) words.push(part);
  });
  return words;
}
