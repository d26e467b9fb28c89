// The `style` attribute rule of the entry sanitiser: only the declarations ALLOWED_STYLES admits
// survive. sanitize-html ran the whole of postcss for this; a declaration list needs far less,
// so this reads it the way postcss does (split at `;` outside parentheses, strings and comments,
// the property before the first `:`, `!important` at the end) in one scan. Where postcss would
// have refused the attribute outright (a brace, a word without `:`, a missing `;`, an unclosed
// string or comment) the whole attribute goes, as it did then. Whatever the reading, a value is
// only kept when an allow-list pattern matches all of it, and those admit no `url(`, escape,
// comment or quote: a misreading can only drop a declaration, never let one through.

import { ALLOWED_STYLES } from "./sanitize-policy.ts";

type Rules = ReadonlyMap<string, readonly RegExp[]>;

const toRules = (styles: Record<string, RegExp[]> | undefined): Map<string, readonly RegExp[]> => new Map(Object.entries(styles ?? {}));

// Built once. Per-element rules add to the "*" ones (sanitize-html merged them the same way).
const ANY_ELEMENT: Rules = toRules(ALLOWED_STYLES["*"]);
const BY_ELEMENT = new Map<string, Rules>(
  Object.keys(ALLOWED_STYLES)
    .filter((tag) => tag !== "*")
    .map((tag) => {
      const merged = toRules(ALLOWED_STYLES[tag]);
      for (const [prop, patterns] of ANY_ELEMENT) merged.set(prop, [...(merged.get(prop) ?? []), ...patterns]);
      return [tag, merged] as const;
    }),
);

/** Marks a style postcss could not have parsed: the attribute is dropped. */
const UNREADABLE = null;

// CSS whitespace (not JavaScript's \s: a no-break space is part of a value to CSS).
const isCssSpace = (c: number): boolean => c === 32 || (c >= 9 && c <= 13 && c !== 11);

/**
 * The allowed declarations of a `style` value for element `tag`, serialised as
 * `prop:value;prop:value !important`; "" when none is left (or the value was unreadable).
 */
export function filterStyle(tag: string, css: string): string {
  const rules = BY_ELEMENT.get(tag) ?? ANY_ELEMENT;
  let out = "";
  let start = 0;
  let depth = 0;
  const n = css.length;
  for (let i = 0; i < n; i++) {
    const c = css.charCodeAt(i);
    if (c === 47 /* / */ && css.charCodeAt(i + 1) === 42 /* * */) {
      const end = css.indexOf("*/", i + 2);
      if (end < 0) return "";
      i = end + 1;
    } else if (c === 34 || c === 39 /* " ' */) {
      i = closingQuote(css, i);
      if (i < 0) return "";
    } else if (c === 92 /* \ */) {
      // A backslash at the very end would escape the `}` postcss saw after it.
      if (++i >= n) return "";
    } else if (c === 40 || c === 91 /* ( [ */) {
      depth++;
    } else if (c === 41 || c === 93 /* ) ] */) {
      if (depth > 0) depth--;
    } else if (c === 123 || c === 125 /* { } */) {
      return "";
    } else if (c === 59 /* ; */ && depth === 0) {
      const declaration = readDeclaration(css, start, i, true, rules);
      if (declaration === UNREADABLE) return "";
      if (declaration) out += out ? `;${declaration}` : declaration;
      start = i + 1;
    }
  }
  if (depth > 0) return ""; // an unclosed bracket
  const last = readDeclaration(css, start, n, false, rules);
  if (last === UNREADABLE) return "";
  return last ? (out ? `${out};${last}` : last) : out;
}

/** Index of the quote that closes the string opened at `at`, or -1. */
function closingQuote(css: string, at: number): number {
  const quote = css.charCodeAt(at);
  for (let i = at + 1; i < css.length; i++) {
    const c = css.charCodeAt(i);
    if (c === 92) i++;
    else if (c === quote) return i;
  }
  return -1;
}

/** Where the comments and whitespace from `i` on end (at most `end`). */
function skipBlank(css: string, i: number, end: number): number {
  while (i < end) {
    if (isCssSpace(css.charCodeAt(i))) i++;
    else if (css.startsWith("/*", i)) i = css.indexOf("*/", i + 2) + 2;
    else break;
  }
  return i;
}

/**
 * One declaration, css[from, to), ended by a `;` (`terminated`) or by the end: its serialised
 * form if allowed, "" if not (or blank, or an at-rule, which postcss skips), UNREADABLE where
 * postcss would have thrown.
 */
function readDeclaration(css: string, from: number, to: number, terminated: boolean, rules: Rules): string | typeof UNREADABLE {
  const first = skipBlank(css, from, to);
  if (first >= to || css.charCodeAt(first) === 64 /* @ */) return "";
  const colon = topLevelColon(css, first, to);
  if (colon < 0) return UNREADABLE;
  // The property is one word, maybe followed by blanks. postcss strips an IE hack prefix.
  let propEnd = first;
  while (propEnd < colon && !isCssSpace(css.charCodeAt(propEnd)) && !css.startsWith("/*", propEnd)) propEnd++;
  if (skipBlank(css, propEnd, colon) < colon) return UNREADABLE;
  let prop = css.slice(first, propEnd);
  if (prop === "") {
    // postcss takes the first word after the colon for the property (never an allowed one
    // then: it has no value), and throws when there is none or another word follows.
    const word = skipBlank(css, colon + 1, to);
    if (word >= to || `'"([:`.includes(css.charAt(word))) return UNREADABLE;
    let after = word;
    while (after < to && !isCssSpace(css.charCodeAt(after)) && !css.startsWith("/*", after)) after++;
    return /\w/.test(css.slice(after, to).replace(/\/\*[\s\S]*?\*\//g, "")) ? UNREADABLE : "";
  }
  if (prop.startsWith("_") || prop.startsWith("*")) prop = prop.slice(1);
  if (!prop.startsWith("--") && topLevelColon(css, colon + 1, to) >= 0) return UNREADABLE; // a missing `;`
  const patterns = rules.get(prop);
  if (!patterns) return "";
  const { value, important } = readValue(css.slice(colon + 1, to), terminated);
  if (!patterns.some((pattern) => pattern.test(value))) return "";
  return `${prop}:${value}${important ? " !important" : ""}`;
}

/** The first `:` in css[from, to) outside parentheses, strings and comments, or -1. */
function topLevelColon(css: string, from: number, to: number): number {
  let depth = 0;
  for (let i = from; i < to; i++) {
    const c = css.charCodeAt(i);
    if (c === 47 && css.charCodeAt(i + 1) === 42) i = css.indexOf("*/", i + 2) + 1;
    else if (c === 34 || c === 39) i = closingQuote(css, i);
    else if (c === 92) i++;
    else if (c === 40 || c === 91) depth++;
    else if ((c === 41 || c === 93) && depth > 0) depth--;
    else if (c === 58 && depth === 0) return i;
  }
  return -1;
}

// A value in postcss's terms: runs of whitespace, comments, and words ("!" starts a word).
const VALUE_TOKEN = /[ \t\n\r\f]+|\/\*[\s\S]*?\*\/|!?[^ \t\n\r\f!/]+|!|\//g;
const SPACE = 1;
const COMMENT = 2;
const WORD = 3;
const tokenType = (token: string): number => (isCssSpace(token.charCodeAt(0)) ? SPACE : token.startsWith("/*") ? COMMENT : WORD);

/**
 * A declaration's value the way postcss reads it, quirks included (they only ever make a value
 * fail the patterns): blanks before it go; after it, all blanks go when the value ends the
 * attribute, but only one run of whitespace when a `;` ends it; `!important` (or `! important`)
 * at the end, with the whitespace before it, is taken off; a comment inside is dropped when
 * whitespace (or an end) touches it, and otherwise stays.
 */
function readValue(raw: string, terminated: boolean): { value: string; important: boolean } {
  const tokens = raw.match(VALUE_TOKEN) ?? [];
  const types = tokens.map(tokenType);
  let start = 0;
  while (start < tokens.length && types[start] !== WORD) start++;
  let end = tokens.length;
  if (!terminated) while (end > start && types[end - 1] !== WORD) end--;
  let important = false;
  for (let i = end - 1; i >= start; i--) {
    const lower = (tokens[i] ?? "").toLowerCase();
    const bang = i - (types[i - 1] === SPACE ? 2 : 1); // where "!" stands in `! important`
    if (lower === "!important" || (lower === "important" && bang >= start && tokens[bang] === "!")) {
      important = true;
      end = lower === "!important" ? i : bang;
      while (end > start && types[end - 1] === SPACE) end--;
      break;
    }
    if (types[i] === WORD) break;
  }
  if (end > start && types[end - 1] === SPACE) end--;
  let value = "";
  for (let i = start; i < end; i++) {
    const touched = types[i] === COMMENT && (i === start || i === end - 1 || types[i - 1] === SPACE || types[i + 1] === SPACE);
    if (!touched) value += tokens[i];
  }
  return { value, important };
}
