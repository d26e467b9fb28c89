import { htmlToText } from "../html-text.ts";
import { collapseWhitespace } from "./text.ts";

/** Longest plain-text description kept per entry. */
export const DESCRIPTION_LENGTH = 300;

// How much of a long article is read first for its description, growing fourfold until its
// text runs past the cut.
const HEAD = 1024;
// Code points of text beyond the description's that make a head's text safe to cut: the end of
// a cut-off document (a tag or an entity cut in two) reads differently from the whole's.
const MARGIN = 64;

/** Whether `text` has at least `count` code points. */
function hasCodePoints(text: string, count: number): boolean {
  if (text.length < count) return false;
  let points = 0;
  for (let i = 0; i < text.length && points < count; i++, points++) {
    const code = text.charCodeAt(i);
    if (code >= 0xd800 && code <= 0xdbff) i++;
  }
  return points >= count;
}

/** Whether a UTF-16 unit is whitespace as the regular expression `\s` means it. */
function isSpace(code: number): boolean {
  if (code <= 0x20) return code === 0x20 || (code >= 0x09 && code <= 0x0d);
  if (code < 0xa0) return false;
  return (
    code === 0xa0 || code === 0x1680 || (code >= 0x2000 && code <= 0x200a) || code === 0x2028 || code === 0x2029 ||
    code === 0x202f || code === 0x205f || code === 0x3000 || code === 0xfeff
  );
}

const SURROGATE = /[\ud800-\udfff]/;
const TRAILING_SEPARATORS = /[\s,;:–—-]+$/u;

/**
 * `text` (htmlToText's output) cut as `htmlToText(…, DESCRIPTION_LENGTH)` cuts it: at most that
 * many code points, "…" included, back to the last whitespace when that keeps at least half the
 * room, trailing separators dropped. Text with characters outside the BMP, where code points
 * and UTF-16 units differ, is left to htmlToText itself, written back as HTML it reads to the
 * same text. (describe.test.ts checks both against htmlToText.)
 */
function cut(text: string): string {
  const limit = DESCRIPTION_LENGTH;
  if (text.length <= limit) return text;
  const head = text.slice(0, 2 * limit + 2);
  if (SURROGATE.test(head)) return htmlToText(text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/\n/g, "<br>"), limit);
  const room = limit - 1;
  let end = room;
  if (!isSpace(head.charCodeAt(room))) {
    let space = room - 1;
    while (space >= 0 && !isSpace(head.charCodeAt(space))) space--;
    if (space >= room / 2) end = space;
  }
  return `${head.slice(0, end).replace(TRAILING_SEPARATORS, "")}…`;
}

/**
 * The description of one HTML string: `htmlToText(html, DESCRIPTION_LENGTH)`, without reading
 * more than it needs. Text without markup or entities needs no parser. A long article is read
 * from its beginning until the text found runs past the cut: the first code points of a
 * document's text do not depend on what follows them.
 */
function describeOne(html: string): string {
  if (!html.includes("<") && !html.includes("&")) return cut(collapseWhitespace(html));
  for (let length = HEAD; length < html.length; length *= 4) {
    const text = htmlToText(html.slice(0, length));
    if (hasCodePoints(text, DESCRIPTION_LENGTH + MARGIN)) return cut(text);
  }
  return cut(htmlToText(html));
}

/** A plain-text description from the summary, else from the content. */
export function describe(summaryHtml: string | null, contentHtml: string | null): string | null {
  const fromSummary = summaryHtml ? describeOne(summaryHtml) : "";
  if (fromSummary) return fromSummary;
  const fromContent = contentHtml ? describeOne(contentHtml) : "";
  return fromContent || null;
}
