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

// A block boundary while collecting; text never holds one, because its whitespace is collapsed.
const BREAK = "\n";
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
  const parts: string[] = [];
  // Depth inside a skipped element: htmlparser2 closes every element it opens (void and
  // unclosed ones included), so counting opens and closes stays balanced.
  let skipped = 0;
  let depth = 0;
  const boundary = (name: string): void => {
    if (BLOCK.has(name)) parts.push(BREAK);
    else if (CELL.has(name)) parts.push(" ");
  };
  const parser = new Parser(
    {
      onopentag(name) {
        if (++depth > NESTING_LIMIT) throw new TooDeeplyNested();
        if (skipped > 0 || SKIPPED.has(name)) skipped++;
        else boundary(name);
      },
      onclosetag(name) {
        depth--;
        if (skipped > 0) skipped--;
        else boundary(name);
      },
      ontext(text) {
        if (skipped === 0) parts.push(text.replace(/\s+/g, " "));
      },
    },
    { decodeEntities: true },
  );
  parser.write(html);
  parser.end();
  return parts
    .join("")
    .replace(/ *\n[ \n]*/g, BREAK)
    .replace(/ {2,}/g, " ")
    .trim();
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
