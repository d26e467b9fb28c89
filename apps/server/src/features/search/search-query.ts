// The search box's syntax, turned into a `to_tsquery('simple', …)` expression over the same
// normalised text as the index (search-text.ts):
//   words        every word must match; the last one matches as a prefix while it is being typed
//   "a phrase"   the words next to each other, in order
//   -word        entries holding the word (or -"phrase") are left out
//   a OR b       either; OR binds tighter than the implicit AND ("x a OR b" is x AND (a OR b))
// A CJK run becomes the phrase of its character pairs; a single CJK character matches every pair
// it starts.

import { foldText, isCjkChar, toSearchText, CJK_RUN } from "./search-text.ts";

/** Something to mark in a highlight: a folded word (maybe a prefix) or a CJK string (anywhere). */
export interface HighlightTerm {
  text: string;
  prefix: boolean;
  cjk: boolean;
}

export interface ParsedQuery {
  /** The input of `to_tsquery('simple', …)`. */
  tsquery: string;
  /** Positive terms, for highlighting. */
  highlights: HighlightTerm[];
}

interface Term {
  text: string;
  phrase: boolean;
  negated: boolean;
  prefix: boolean;
}

type Token = Term | "OR";

const HAS_WORD = /[\p{L}\p{N}]/u;

/** Splits the raw query into words, phrases, negations and ORs. */
function tokenize(input: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < input.length) {
    const char = input[i]!;
    if (/\s/.test(char)) {
      i++;
      continue;
    }
    let negated = false;
    if (char === "-" && i + 1 < input.length && !/\s/.test(input[i + 1]!)) {
      negated = true;
      i++;
    }
    if (input[i] === '"') {
      const end = input.indexOf('"', i + 1);
      const stop = end === -1 ? input.length : end;
      tokens.push({ text: input.slice(i + 1, stop), phrase: true, negated, prefix: false });
      i = stop + 1;
      continue;
    }
    let end = i;
    while (end < input.length && !/\s/.test(input[end]!) && input[end] !== '"') end++;
    const word = input.slice(i, end);
    i = end;
    if (word === "OR" && !negated) tokens.push("OR");
    else tokens.push({ text: word, phrase: false, negated, prefix: false });
  }
  return tokens;
}

/** A lexeme quoted for to_tsquery: its own parser splits it further if it holds punctuation. */
const quote = (lexeme: string) => `'${lexeme.replace(/\\/g, "\\\\").replace(/'/g, "''")}'`;

/** One term as a tsquery fragment, or null when it holds nothing searchable. */
function render(term: Term): string | null {
  const lexemes = toSearchText(term.text)
    .split(/\s+/)
    .filter((lexeme) => HAS_WORD.test(lexeme));
  if (lexemes.length === 0) return null;
  const parts = lexemes.map((lexeme, index) => {
    const single = Array.from(lexeme).length === 1 && isCjkChar(lexeme);
    const prefix = single || (term.prefix && index === lexemes.length - 1);
    return prefix ? `${quote(lexeme)}:*` : quote(lexeme);
  });
  const fragment = parts.length === 1 ? parts[0]! : `(${parts.join(" <-> ")})`;
  return term.negated ? `!${fragment}` : fragment;
}

/** The words and CJK runs of a positive term, folded, for highlighting. */
function highlightsOf(term: Term): HighlightTerm[] {
  const folded = foldText(term.text);
  const terms: HighlightTerm[] = [];
  for (const run of folded.match(CJK_RUN) ?? []) terms.push({ text: run, prefix: false, cjk: true });
  const words = folded.replace(CJK_RUN, " ").match(/[\p{L}\p{N}\p{M}]+/gu) ?? [];
  words.forEach((word, index) => terms.push({ text: word, prefix: term.prefix && index === words.length - 1, cjk: false }));
  return terms;
}

/**
 * Parses the search box. Returns null when there is nothing to look for: no word with a letter or
 * digit outside an exclusion (an exclusion alone would match almost everything).
 */
export function parseSearchQuery(input: string): ParsedQuery | null {
  const tokens = tokenize(input);
  // The last word is still being typed unless a space follows it.
  const last = tokens.at(-1);
  if (last && last !== "OR" && !last.phrase && !last.negated && !/\s$/.test(input)) last.prefix = true;

  // Groups of alternatives joined by OR; groups are ANDed.
  const groups: Term[][] = [];
  let joinNext = false;
  for (const token of tokens) {
    if (token === "OR") {
      joinNext = groups.length > 0;
      continue;
    }
    if (joinNext) groups.at(-1)!.push(token);
    else groups.push([token]);
    joinNext = false;
  }

  const clauses: string[] = [];
  const highlights: HighlightTerm[] = [];
  let anchored = false;
  for (const group of groups) {
    const rendered = group.map((term) => ({ term, fragment: render(term) })).filter((item) => item.fragment !== null);
    if (rendered.length === 0) continue;
    // A group with an exclusion among its alternatives cannot narrow the search through the index.
    if (rendered.every((item) => !item.term.negated)) anchored = true;
    clauses.push(rendered.length === 1 ? rendered[0]!.fragment! : `(${rendered.map((item) => item.fragment).join(" | ")})`);
    for (const item of rendered) if (!item.term.negated) highlights.push(...highlightsOf(item.term));
  }
  if (!anchored) return null;
  return { tsquery: clauses.join(" & "), highlights };
}
