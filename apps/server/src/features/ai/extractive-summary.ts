// Summary of an article without an AI provider: a few of its own sentences, chosen by TextRank.

import { isCjkText, type Sentence, sentenceTokens, splitSentences } from "./extractive-text.ts";

export interface ExtractiveSummaryOptions {
  /** Longest summary, in UTF-16 units, separators included (default 600). */
  maxChars?: number;
  /** Most sentences in the summary (default 5, at least 1). */
  maxSentences?: number;
  /** BCP 47 tag of the text's language, a hint: "zh" or "ja" lowers the share of Han and kana
   * that makes the text Chinese or Japanese, never makes text without them so. */
  language?: string;
}

/** Sentences ranked, at most: the graph is quadratic in them, and articles make their point early. */
const MAX_CANDIDATES = 300;
const DAMPING = 0.85;
const MAX_ITERATIONS = 100;
const CONVERGED = 1e-6;
/** Extra weight of the first sentence, falling off as 1 / (position + 1): news leads with the point. */
const LEAD_BONUS = 0.25;
/** Fewest distinct words (CJK: character pairs) of a sentence worth choosing. */
const MIN_TOKENS = 4;
/** Share of words two sentences may have in common (Jaccard) before they count as one. */
const DUPLICATE = 0.7;

/**
 * Extractive summary of plain text (paragraphs one a line): whole sentences of it, verbatim and
 * in their order, joined by a space (by nothing in Chinese and Japanese), within `maxChars` and
 * `maxSentences`. "" when the text is empty or no sentence fits.
 *
 * Method: TextRank (Mihalcea & Tarau, 2004). Sentences are the nodes of a graph whose edges are
 * weighted by their similarity, |shared words| / (log(1 + |words a|) + log(1 + |words b|));
 * weighted PageRank (damping 0.85) over it ranks them, the first ones get a mild bonus, and the
 * best are taken until the room is full, skipping near-duplicates of those already taken. Only
 * the first MAX_CANDIDATES sentences are read, so the cost stays bounded on any input.
 */
export function extractiveSummary(text: string, options: ExtractiveSummaryOptions = {}): string {
  const cjk = isCjkText(text, options.language);
  return extractiveSentences(text, options).join(cjk ? "" : " ");
}

/** The sentences {@link extractiveSummary} joins, in the article's order. */
export function extractiveSentences(text: string, options: ExtractiveSummaryOptions = {}): string[] {
  const maxChars = options.maxChars ?? 600;
  const maxSentences = Math.max(1, Math.floor(options.maxSentences ?? 5));
  if (typeof text !== "string" || text.trim() === "" || !(maxChars > 0)) return [];
  const cjk = isCjkText(text, options.language);
  const sentences = splitSentences(text, cjk, MAX_CANDIDATES, options.language);
  const tokens = sentences.map((sentence) => sentenceTokens(sentence.text, cjk));
  const ranks = textRank(tokens);
  const scores = ranks.map((rank, i) => rank * (1 + LEAD_BONUS / (i + 1)));

  const candidates = eligible(sentences, tokens, maxSentences);
  candidates.sort((a, b) => scores[b]! - scores[a]! || a - b);
  const separator = cjk ? 0 : 1;
  const chosen: number[] = [];
  let length = 0;
  for (const i of candidates) {
    if (chosen.length >= maxSentences) break;
    const added = sentences[i]!.text.length + (chosen.length > 0 ? separator : 0);
    if (length + added > maxChars) continue;
    if (chosen.some((j) => nearDuplicate(sentences, tokens, i, j))) continue;
    chosen.push(i);
    length += added;
  }
  return chosen.sort((a, b) => a - b).map((i) => sentences[i]!.text);
}

/**
 * Indexes of the sentences worth choosing: those that end as sentences do (not headings, bylines
 * or cut pieces) and, when there are more of them than the summary may hold, have enough words.
 * Text without any such sentence offers all its pieces.
 */
function eligible(sentences: Sentence[], tokens: Set<string>[], maxSentences: number): number[] {
  const all = sentences.map((_, i) => i);
  const ended = all.filter((i) => sentences[i]!.ended);
  if (ended.length === 0) return all;
  if (ended.length <= maxSentences) return ended;
  const long = ended.filter((i) => tokens[i]!.size >= MIN_TOKENS);
  return long.length > 0 ? long : ended;
}

/** Whether sentences i and j say the same: identical, or sharing most of their words. */
function nearDuplicate(sentences: Sentence[], tokens: Set<string>[], i: number, j: number): boolean {
  if (sentences[i]!.text === sentences[j]!.text) return true;
  const a = tokens[i]!;
  const b = tokens[j]!;
  if (a.size === 0 || b.size === 0) return false;
  let shared = 0;
  for (const token of a) if (b.has(token)) shared++;
  return shared / (a.size + b.size - shared) >= DUPLICATE;
}

/**
 * TextRank scores of sentences given as sets of words. Edges come from an inverted index (word →
 * sentences holding it), so only pairs that share a word are visited; PageRank is iterated until
 * no score moves by more than CONVERGED, or MAX_ITERATIONS times.
 */
export function textRank(tokens: Set<string>[]): number[] {
  const n = tokens.length;
  const postings = new Map<string, number[]>();
  tokens.forEach((set, i) => {
    for (const token of set) {
      const list = postings.get(token);
      if (list) list.push(i);
      else postings.set(token, [i]);
    }
  });

  // Undirected weighted graph as a list of edges (a[e], b[e], weight[e]); `strength` is each
  // node's total edge weight.
  const a: number[] = [];
  const b: number[] = [];
  const weight: number[] = [];
  const strength = new Float64Array(n);
  const shared = new Int32Array(n);
  const logSize = tokens.map((set) => Math.log(1 + set.size));
  for (let i = 0; i < n; i++) {
    const touched: number[] = [];
    for (const token of tokens[i]!) {
      for (const j of postings.get(token)!) {
        if (j <= i) continue;
        if (shared[j] === 0) touched.push(j);
        shared[j] = shared[j]! + 1;
      }
    }
    for (const j of touched) {
      const w = shared[j]! / (logSize[i]! + logSize[j]!);
      shared[j] = 0;
      a.push(i);
      b.push(j);
      weight.push(w);
      strength[i] = strength[i]! + w;
      strength[j] = strength[j]! + w;
    }
  }

  let scores = new Float64Array(n).fill(1);
  let next = new Float64Array(n);
  const share = new Float64Array(n);
  for (let iteration = 0; iteration < MAX_ITERATIONS; iteration++) {
    // What each node hands out per unit of edge weight.
    for (let i = 0; i < n; i++) share[i] = strength[i]! > 0 ? scores[i]! / strength[i]! : 0;
    next.fill(0);
    for (let e = 0; e < weight.length; e++) {
      const i = a[e]!;
      const j = b[e]!;
      next[i] = next[i]! + weight[e]! * share[j]!;
      next[j] = next[j]! + weight[e]! * share[i]!;
    }
    let moved = 0;
    for (let i = 0; i < n; i++) {
      next[i] = 1 - DAMPING + DAMPING * next[i]!;
      moved = Math.max(moved, Math.abs(next[i]! - scores[i]!));
    }
    [scores, next] = [next, scores];
    if (moved < CONVERGED) break;
  }
  return Array.from(scores);
}
