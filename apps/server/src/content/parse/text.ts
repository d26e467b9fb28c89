import { decodeHTML } from "entities";

const TAG = /<\/?[a-z][a-z0-9-]*(?:\s[^<>]*)?\/?>/gi;
const INLINE_TAG = /<\/?(?:a|b|i|em|strong|span|code|sup|sub|u|s|small|font|abbr|cite|q|mark|kbd|var|time)\b[^<>]*>/gi;
const MARKUP_HINT = /<\/?(?:a|b|i|em|strong|span|br|p|div|img|code|sup|sub|u|s|small|font|abbr|cite|q|mark)\b[^<>]*>/i;

// Whitespace that collapsing changes: a run, or a character other than " ".
const UNCOLLAPSED = /\s\s|[^\S ]/;

/** Collapses runs of whitespace into single spaces and trims. */
export function collapseWhitespace(text: string): string {
  // Most text is already collapsed, and a test is much cheaper than replacing every space.
  return (UNCOLLAPSED.test(text) ? text.replace(/\s+/g, " ") : text).trim();
}

// A comment ends at "-->"; one that never does ends at the next ">", the SGML reading of
// `<!-- -- x >` (HTML5 would drop the rest of the title).
const COMMENT = /<!--(?:[\s\S]*?-->|[^>]*>?)/g;
// Script and style hold code, not words.
const CODE = /<(script|style)\b[^>]*>[\s\S]*?(?:<\/\1\s*>|$)/gi;

/** Plain text of a short HTML string (a title): tags, comments and scripts removed, entities decoded. */
export function stripTags(html: string): string {
  if (!html.includes("<")) return collapseWhitespace(html.includes("&") ? decodeHTML(html) : html);
  return collapseWhitespace(decodeHTML(html.replace(COMMENT, "").replace(CODE, "").replace(INLINE_TAG, "").replace(TAG, " ")));
}

/**
 * A title as plain text. `type` is the Atom text construct type when known: "html" and "xhtml"
 * titles are markup; "text" titles are literal. RSS says nothing, so a title is treated as markup
 * only when it holds real inline HTML tags (so "History of the <blink> tag" stays as written).
 */
export function plainTitle(value: string | null | undefined, type?: string): string | null {
  if (!value) return null;
  const kind = type?.toLowerCase();
  const isMarkup = kind === "html" || kind === "xhtml" || kind === "text/html" || (kind === undefined && MARKUP_HINT.test(value));
  const text = isMarkup ? stripTags(value) : collapseWhitespace(value);
  return text || null;
}

/** The first non-empty string, trimmed. */
export function firstText(...values: (string | null | undefined)[]): string | null {
  for (const value of values) {
    const text = value?.trim();
    if (text) return text;
  }
  return null;
}
