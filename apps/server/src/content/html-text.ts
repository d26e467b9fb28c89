// Plain text of entry HTML, for excerpts, search and anything else that must not hold markup.
// One streaming pass of htmlparser2: no DOM is built, so long articles stay cheap.

import { Parser } from "htmlparser2";

// Elements whose content is never read as text: code, styles, fallbacks a scripting browser
// does not show, and document metadata.
const SKIPPED = new Set([
  "script", "style", "noscript", "template", "iframe", "object", "embed", "applet",
  "noembed", "noframes", "head", "title", "xmp", "select", "option", "textarea", "button",
]);

// Elements that end a line: each one starts and ends on a line of its own.
const BLOCK = new Set([
  "address", "article", "aside", "blockquote", "br", "caption", "center", "dd", "details", "dialog",
  "div", "dl", "dt", "fieldset", "figcaption", "figure", "footer", "form", "h1", "h2", "h3", "h4",
  "h5", "h6", "header", "hgroup", "hr", "legend", "li", "main", "menu", "nav", "ol", "p", "pre",
  "section", "summary", "table", "tbody", "tfoot", "thead", "tr", "ul",
]);

// Table cells sit side by side: a space keeps their words apart.
const CELL = new Set(["td", "th"]);

/**
 * Deepest element nesting read as markup. htmlparser2 keeps its open elements with
 * Array#unshift, so every tag costs time in proportion to the depth: a few MB of unclosed
 * <div>s would block the process for minutes. Real articles stay far below this.
 */
export const NESTING_LIMIT = 1024;

/** Thrown from parser callbacks to abandon a document nested deeper than {@link NESTING_LIMIT}. */
export class TooDeeplyNested extends Error {}

/**
 * `html` with every tag replaced by a space and whitespace collapsed, in linear passes: what is
 * left of a document nested too deeply to parse. Its text stays (as text: the contents of
 * scripts and styles too).
 */
export function withoutTags(html: string): string {
  return html.replace(/<[^>]*>?/g, " ").replace(/\s+/g, " ").trim();
}

const ELLIPSIS = "…";

/**
 * Plain text of an HTML fragment: tags removed, entities decoded, whitespace collapsed, block
 * elements separated by a space/newline, script/style/noscript content dropped; truncated at a
 * word boundary to maxLength characters with "…" when longer.
 *
 * Blocks (paragraphs, list items, headings, rows, <br>…) end up on lines of their own, joined by
 * a single "\n"; any other run of whitespace, &nbsp; included, becomes one space. maxLength
 * counts Unicode code points and includes the "…". Never throws; "" for empty input.
 */
export function htmlToText(html: string, maxLength?: number): string {
  if (typeof html !== "string" || html === "") return "";
  let text: string;
  try {
    text = extractText(html);
  } catch {
    // Nested deeper than NESTING_LIMIT (nothing else throws): read it without its markup.
    text = extractText(withoutTags(html));
  }
  return maxLength === undefined ? text : truncate(text, maxLength);
}

function extractText(html: string): string {
  const text = new TextCollector();
  // Depth inside a skipped element: htmlparser2 closes every element it opens (void and
  // unclosed ones included), so counting opens and closes stays balanced.
  let skipped = 0;
  let depth = 0;
  const parser = new Parser(
    {
      onopentag(name) {
        if (++depth > NESTING_LIMIT) throw new TooDeeplyNested();
        if (skipped > 0 || SKIPPED.has(name)) skipped++;
        else text.boundary(name);
      },
      onclosetag(name) {
        depth--;
        if (skipped > 0) skipped--;
        else text.boundary(name);
      },
      ontext(data) {
        if (skipped === 0) text.add(data);
      },
    },
    { decodeEntities: true },
  );
  parser.write(html);
  parser.end();
  return text.toString();
}

// What separates the next piece of text from the text so far.
const NONE = 0;
const SPACE = 1;
const LINE = 2;
// Whitespace other than single spaces: only text holding some needs its runs replaced. The
// class is \s without the space, spelt out: V8 tests it twice as fast as [^\S ].
const UNCOLLAPSED = /[\t\n\v\f\r\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]| {2}/;
const WHITESPACE = /\s+/g;

/**
 * Plain text collected from parser events as {@link htmlToText} gives it: every run of
 * whitespace (&nbsp; included) one space, a line break where a block starts or ends, a space
 * between table cells, never two in a row and none at either end. Separators are held back
 * until more text comes, which is what folds them and trims the ends, in one pass.
 */
export class TextCollector {
  private text = "";
  private gap = NONE;

  /** Where an element starts or ends. */
  boundary(name: string): void {
    if (BLOCK.has(name)) this.gap = LINE;
    else if (CELL.has(name) && this.gap === NONE) this.gap = SPACE;
  }

  /** A text node (entities decoded). */
  add(data: string): void {
    const text = UNCOLLAPSED.test(data) ? data.replace(WHITESPACE, " ") : data;
    let start = 0;
    let end = text.length;
    if (text.charCodeAt(0) === 32) {
      start = 1;
      if (this.gap === NONE) this.gap = SPACE;
    }
    if (end <= start) return;
    const spaceAfter = text.charCodeAt(end - 1) === 32;
    if (spaceAfter) end--;
    if (this.gap !== NONE && this.text !== "") this.text += this.gap === LINE ? "\n" : " ";
    this.text += start === 0 && end === text.length ? text : text.slice(start, end);
    this.gap = spaceAfter ? SPACE : NONE;
  }

  toString(): string {
    return this.text;
  }
}

/**
 * The text of parser events for the search index, which splits it into words (search-words.ts):
 * pieces as they come, with a line break where a block or a table cell starts or ends, inline
 * elements not separating words. Whitespace stays as it is: it separates words whatever it is,
 * so its words are those of {@link TextCollector}'s text, for less work. The sanitiser collects
 * the text of its output with it (sanitize-writer.ts).
 */
export class WordTextCollector {
  private text = "";
  private apart = false;

  /** Where an element starts or ends. */
  boundary(name: string): void {
    if (BLOCK.has(name) || CELL.has(name)) this.apart = true;
  }

  /** A text node (entities decoded). */
  add(data: string): void {
    if (this.apart) {
      if (this.text !== "") this.text += "\n";
      this.apart = false;
    }
    this.text += data;
  }

  toString(): string {
    return this.text;
  }
}

/**
 * `text` cut to at most `maxLength` code points, "…" included. The cut goes back to the last
 * whitespace when that keeps at least half of the room; otherwise (CJK and other scripts
 * written without spaces, or one very long word) it falls between characters.
 */
function truncate(text: string, maxLength: number): string {
  const limit = Number.isFinite(maxLength) ? Math.floor(maxLength) : Number.POSITIVE_INFINITY;
  if (text.length <= limit) return text;
  if (limit < 1) return "";
  // A code point takes at most two UTF-16 units, so this prefix holds limit + 1 of them if the text does.
  const chars = Array.from(text.slice(0, 2 * limit + 2));
  if (chars.length <= limit) return text;
  const room = limit - 1;
  let end = room;
  if (!/\s/.test(chars[room] ?? "")) {
    let space = room - 1;
    while (space >= 0 && !/\s/.test(chars[space] ?? "")) space--;
    if (space >= room / 2) end = space;
  }
  // Trailing separators before the ellipsis read as noise ("word, …").
  const kept = chars.slice(0, end).join("").replace(/[\s,;:–—-]+$/u, "");
  return kept + ELLIPSIS;
}
