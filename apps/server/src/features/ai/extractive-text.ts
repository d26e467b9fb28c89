// Sentences and words of plain text, for the extractive summariser (extractive-summary.ts).
// Sentences come from ICU's sentence segmenter (Intl.Segmenter), mended where its rules
// (Unicode UAX #29, without abbreviation lists) fall short; words are lower-cased tokens, or
// character pairs in Chinese and Japanese, which put no spaces between words.

/** One sentence: verbatim text of the article, and whether it ends as a sentence does. */
export interface Sentence {
  text: string;
  /** False for a line without final punctuation (heading, byline) or a piece of a cut one. */
  ended: boolean;
}

/** Letters of the scripts written without spaces: Han, Hiragana, Katakana (with ー and 々). */
const CJK_LETTER = "(?:(?=[\\p{L}\\p{M}])[\\p{scx=Han}\\p{scx=Hiragana}\\p{scx=Katakana}])";
const CJK_RUN = new RegExp(`${CJK_LETTER}+`, "gu");
const HIRAGANA_ONLY = /^[\p{sc=Hiragana}ー]+$/u;
const CJK_LANGUAGE = /^(zh|ja|yue|wuu|cmn)\b/i;

/** Longest sentence kept whole, in UTF-16 units; longer runs are cut at a clause or a space. */
const MAX_SENTENCE = { words: 400, cjk: 160 };

// Words that end with a full stop without ending the sentence (compared lower-cased), and
// words that start one after a dotted acronym ("in the U.S. The…" but "the U.S. Army").
const ABBREVIATIONS = new Set(
  ("mr mrs ms dr prof sr jr st mt gen gov sen rep rev hon capt col lt sgt vs cf ca approx e.g i.e " +
    "al fig figs vol pp esp incl dept est jan feb mar apr jun jul aug sep sept oct nov dec").split(" "),
);
const STARTERS = new Set(
  "the a an it its he she they we i you this that these those there but and or so yet in on at as for if when"
    .split(" "),
);
// Small English stop list (words of one letter are dropped anyway).
const STOP_WORDS = new Set(
  ("an as at be by do he if in is it me my no of on or so to up us we " +
    "the and for are but not you all any can had her was one our out has his how its may new now " +
    "see who did get let say she too use that with have this will your from they been were said " +
    "each which their there what about would make like into than them then some could other more " +
    "also just only over such very when where while these those being does after before because " +
    "should must might").split(" "),
);

const segmenters = new Map<string, Intl.Segmenter>();

/** The sentence segmenter for `locale` (cached: creating one costs more than using it). */
function segmenterFor(locale = ""): Intl.Segmenter {
  let segmenter = segmenters.get(locale);
  if (!segmenter) {
    try {
      segmenter = new Intl.Segmenter(locale || undefined, { granularity: "sentence" });
    } catch {
      segmenter = new Intl.Segmenter(undefined, { granularity: "sentence" });
    }
    segmenters.set(locale, segmenter);
  }
  return segmenter;
}

/**
 * True when the text is Chinese or Japanese, judged by its first letters: over 30% of them Han
 * or kana, or over 5% with a "zh" or "ja" language tag (a tag alone is not enough: it may be the
 * reader's language rather than the text's).
 */
export function isCjkText(text: string, language?: string): boolean {
  const sample = text.slice(0, 2000);
  const letters = sample.match(/\p{L}/gu)?.length ?? 0;
  let cjk = 0;
  for (const run of sample.matchAll(CJK_RUN)) cjk += run[0].length;
  const threshold = language && CJK_LANGUAGE.test(language) ? 0.05 : 0.3;
  return letters > 0 && cjk / letters > threshold;
}

/**
 * The first `limit` sentences of `text`, each a trimmed substring of it, in order. Lines
 * (paragraphs) never share a sentence. Segments the segmenter ended too early (after "Mr.",
 * "e.g.", initials, a full stop before a lower-case word or a digit, a quote before a Japanese
 * particle) are joined again; Chinese and Japanese also end at ；and after ……; runs longer
 * than MAX_SENTENCE are cut.
 */
export function splitSentences(text: string, cjk: boolean, limit: number, locale?: string): Sentence[] {
  const segmenter = segmenterFor(locale);
  const max = cjk ? MAX_SENTENCE.cjk : MAX_SENTENCE.words;
  const sentences: Sentence[] = [];
  let pending = "";
  const flush = () => {
    sentences.push(...cutLong(pending.trim(), max, cjk, limit - sentences.length));
    pending = "";
  };
  // One pass over the whole text (segmenting line by line costs several times more): the
  // segmenter always breaks after a line break, so a segment ending with one ends a line.
  // The first `limit` sentences lie within this prefix, unless the text is mostly whitespace.
  const prefix = text.length > 2 * limit * max ? text.slice(0, 2 * limit * max) : text;
  // UAX #29 ends a sentence after the brackets and quotes that follow its stop, opening ones
  // too ("。「", ". ("): those are carried over to the sentence they open.
  let carry = "";
  for (const { segment: raw } of segmenter.segment(prefix)) {
    let segment = carry + raw;
    const opening = /[\p{Ps}\p{Pi}][\p{Ps}\p{Pi} ]*$/u.exec(segment);
    carry = opening && opening.index > 0 ? opening[0] : "";
    segment = segment.slice(0, segment.length - carry.length);
    const parts = cjk ? segment.split(/(?<=[；;]|……)(?![…」』”’）)\]])/u) : [segment];
    for (const part of parts) {
      if (pending.trim() !== "" && !continues(pending, part)) flush();
      pending += part;
    }
    if (/[\n\r\u2029]\s*$/u.test(segment)) flush();
    if (sentences.length >= limit) break;
  }
  pending += carry;
  flush();
  return sentences.slice(0, limit);
}

/** Whether `next` goes on the sentence `previous` (both raw segments) rather than starting one. */
function continues(previous: string, next: string): boolean {
  const head = next.trimStart();
  if (head === "") return true;
  const tail = previous.trimEnd();
  if (/[」』”’）)]$/u.test(tail) && /^\p{sc=Hiragana}/u.test(head)) return true;
  if (!tail.endsWith(".")) return false;
  if (/^[\p{Ll}\p{N}]/u.test(head)) return true;
  const word = /(?:^|[\s(["'“‘])([\p{L}.]+)\.$/u.exec(tail)?.[1];
  if (word === undefined) return false;
  if (/^\p{Lu}$/u.test(word) || ABBREVIATIONS.has(word.toLowerCase())) return true;
  // A dotted acronym (U.S., U.K.): the sentence goes on unless a usual first word follows.
  const first = /^[\p{L}']+/u.exec(head)?.[0].toLowerCase();
  return /^(\p{Lu}\.)+\p{Lu}$/u.test(word) && first !== undefined && !STARTERS.has(first);
}

/**
 * The first `count` pieces of `text`, of at most `max` units each: cut after a clause mark, else
 * at a space, found past half of the room, else anywhere.
 */
function cutLong(text: string, max: number, cjk: boolean, count: number): Sentence[] {
  if (text === "") return [];
  const ended = /[.!?。！？…‼⁉][\s"'”’»」』)）\]]*$/u.test(text);
  const pieces: Sentence[] = [];
  // Indexes, not ever shorter copies of the rest: a run can be long.
  let start = 0;
  while (text.length - start > max && pieces.length < count) {
    const window = text.slice(start, start + max + 1);
    const clause = lastMatch(window, /[,;:，；：、](?=\s|$)|[，；：、]/gu, max / 2);
    const space = cjk ? -1 : lastMatch(window, /\s/gu, max / 2);
    let cut = clause > 0 ? clause : space > 0 ? space : max;
    // Never between the halves of a surrogate pair.
    if (cut === max && /[\ud800-\udbff]/.test(window[cut - 1] ?? "")) cut--;
    pieces.push({ text: window.slice(0, cut).trimEnd(), ended: false });
    start += cut;
    while (/\s/.test(text[start] ?? "")) start++;
  }
  if (start < text.length && pieces.length < count) pieces.push({ text: text.slice(start), ended });
  return pieces;
}

/** End of the last match of `pattern` in `text` that ends after `from`, or -1. */
function lastMatch(text: string, pattern: RegExp, from: number): number {
  let end = -1;
  for (const match of text.matchAll(pattern)) {
    const at = match.index + match[0].length;
    if (at > from && at < text.length) end = at;
  }
  return end;
}

/**
 * The distinct words of a sentence, as compared between sentences: lower-cased, at least two
 * characters, not a stop word, an English plural ending dropped. Chinese and Japanese runs give
 * their overlapping character pairs instead ("東京都" → 東京, 京都), less pairs of hiragana only
 * (grammar, mostly) and pairs with 的 or 了 (particles).
 */
export function sentenceTokens(sentence: string, cjk: boolean): Set<string> {
  const tokens = new Set<string>();
  const lower = sentence.toLowerCase();
  const words = cjk ? lower.replace(CJK_RUN, " ") : lower;
  for (const word of words.split(/[^\p{L}\p{N}\p{M}]+/u)) {
    if (word.length < 2 || STOP_WORDS.has(word)) continue;
    tokens.add(singular(word));
  }
  if (!cjk) return tokens;
  for (const [run] of lower.matchAll(CJK_RUN)) {
    const chars = Array.from(run);
    if (chars.length === 1) tokens.add(run);
    for (let i = 0; i + 1 < chars.length; i++) {
      const pair = chars[i]! + chars[i + 1]!;
      if (!HIRAGANA_ONLY.test(pair) && !/[的了]/u.test(pair)) tokens.add(pair);
    }
  }
  return tokens;
}

/** `word` without an English plural ending: "tests" → "test", "dependencies" → "dependency". */
function singular(word: string): string {
  if (word.length < 4 || !word.endsWith("s") || word.endsWith("ss")) return word;
  return word.endsWith("ies") ? `${word.slice(0, -3)}y` : word.slice(0, -1);
}
