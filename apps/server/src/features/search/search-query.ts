// The search box's syntax, turned into a tsquery over the same words as the index
// (search-words.ts), and, when the index cannot answer it exactly, into a check of an entry's words:
//   words        every word must match; the last one matches as a prefix while it is being typed
//   "a phrase"   the words next to each other, in order
//   -word        entries holding the word (or -"phrase") are left out
//   a OR b       either; OR binds tighter than the implicit AND ("x a OR b" is x AND (a OR b))
// A CJK run becomes the phrase of its character pairs; a single CJK character matches every pair
// it starts. Bodies are indexed without word positions, so the index finds the entries holding
// every word of a phrase, and `matches` keeps those holding them in order.

import { foldText, isCjkChar, CJK_RUN } from "../../content/search-text.ts";
import { indexWords } from "../../content/search-words.ts";

/** Something to mark in a highlight: a folded word (maybe a prefix) or a CJK string (anywhere). */
export interface HighlightTerm {
  text: string;
  prefix: boolean;
  cjk: boolean;
}

/** An entry's words, as the index has them: its title's and its body's, in order. */
export interface EntryWords {
  title: string[];
  body: string[];
}

export interface ParsedQuery {
  /**
   * A tsquery literal (for `::tsquery`) the index answers: exact for words; a phrase stands for
   * its words in any order, and an exclusion of a phrase is left to `matches`.
   */
  tsquery: string;
  /**
   * The query's positive terms, for ranking (a tsquery literal): ts_rank counts an excluded word
   * as one missing, which would rank every entry alike.
   */
  rankQuery: string;
  /** The whole query as a test of an entry's words; null when `tsquery` is exact (no phrase). */
  matches: ((words: EntryWords) => boolean) | null;
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

/** One word of a rendered term: the lexeme, and whether it matches as a prefix. */
interface Lexeme {
  word: string;
  prefix: boolean;
}

interface RenderedTerm {
  term: Term;
  lexemes: Lexeme[];
}

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

/** The index's words of a term (a single CJK character, or the last word while typed, as a prefix); null when it has none. */
function render(term: Term): RenderedTerm | null {
  const words = indexWords(term.text);
  if (words.length === 0) return null;
  const lexemes = words.map((word, index) => {
    const single = Array.from(word).length === 1 && isCjkChar(word);
    return { word, prefix: single || (term.prefix && index === words.length - 1) };
  });
  return { term, lexemes };
}

// Words hold only letters, digits and marks (search-words.ts): quoting cannot go wrong.
const lexemeQuery = (lexeme: Lexeme) => (lexeme.prefix ? `'${lexeme.word}':*` : `'${lexeme.word}'`);

/** A term as a tsquery fragment the index answers; null when the index cannot narrow by it (an excluded phrase). */
function indexFragment({ term, lexemes }: RenderedTerm): string | null {
  if (lexemes.length === 1) return `${term.negated ? "!" : ""}${lexemeQuery(lexemes[0]!)}`;
  if (term.negated) return null;
  return `(${lexemes.map(lexemeQuery).join(" & ")})`;
}

const lexemeMatches = (lexeme: Lexeme, word: string) => (lexeme.prefix ? word.startsWith(lexeme.word) : word === lexeme.word);

/** Whether `words` holds the lexemes one after the other. */
function holdsInOrder(words: string[], lexemes: Lexeme[]): boolean {
  const last = words.length - lexemes.length;
  for (let start = 0; start <= last; start++) {
    let j = 0;
    while (j < lexemes.length && lexemeMatches(lexemes[j]!, words[start + j]!)) j++;
    if (j === lexemes.length) return true;
  }
  return false;
}

/** Whether an entry's title or body holds the term (its words in order); the negation for an exclusion. */
function termMatches({ term, lexemes }: RenderedTerm, words: EntryWords): boolean {
  const found = holdsInOrder(words.title, lexemes) || holdsInOrder(words.body, lexemes);
  return term.negated ? !found : found;
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
  const rankClauses: string[] = [];
  const checks: RenderedTerm[][] = [];
  const highlights: HighlightTerm[] = [];
  let anchored = false;
  let exact = true;
  for (const group of groups) {
    const rendered = group.map(render).filter((item): item is RenderedTerm => item !== null);
    if (rendered.length === 0) continue;
    // A group with an exclusion among its alternatives cannot narrow the search through the index.
    if (rendered.every((item) => !item.term.negated)) anchored = true;
    if (rendered.some((item) => item.lexemes.length > 1)) exact = false;
    checks.push(rendered);
    const fragments = rendered.map(indexFragment);
    // An alternative the index cannot narrow by leaves the whole group to `matches`.
    if (!fragments.includes(null)) clauses.push(fragments.length === 1 ? fragments[0]! : `(${fragments.join(" | ")})`);
    const positive = rendered.flatMap((item, index) => (item.term.negated ? [] : [fragments[index]!]));
    if (positive.length > 0) rankClauses.push(positive.length === 1 ? positive[0]! : `(${positive.join(" | ")})`);
    for (const item of rendered) if (!item.term.negated) highlights.push(...highlightsOf(item.term));
  }
  if (!anchored) return null;
  const matches = exact ? null : (words: EntryWords) => checks.every((group) => group.some((item) => termMatches(item, words)));
  return { tsquery: clauses.join(" & "), rankQuery: rankClauses.join(" & "), matches, highlights };
}
