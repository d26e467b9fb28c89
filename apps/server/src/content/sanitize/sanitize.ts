// The sanitiser every entry's HTML passes through before it is stored and shown. It is an
// allow-list applied in one streaming htmlparser2 pass (sanitize-writer.ts) that writes the
// output from scratch: text is always escaped and only allowed elements and attributes are
// written, so nothing of the input's markup reaches the output unchecked. The same pass can
// collect the plain text, so that search and excerpts need not parse the HTML again. Policy
// lists live in sanitize-policy.ts, URL checks in sanitize-url.ts, media rules in
// sanitize-media.ts, the iframe allow-list in sanitize-embed.ts, the per-element rewrites in
// sanitize-transforms.ts and the attribute rules in sanitize-attributes.ts.

import { TooDeeplyNested, withoutTags } from "../html-text.ts";
import { parseBaseUrl } from "./sanitize-url.ts";
import { sanitizeStream, type SanitizedHtml } from "./sanitize-writer.ts";

export type { SanitizedHtml } from "./sanitize-writer.ts";

/** Options of {@link sanitizeHtml}. */
export interface SanitizeOptions {
  /** Absolute URL that relative href/src/srcset/poster values resolve against (entry link or feed URL). */
  baseUrl?: string | null;
}

/**
 * Allow-list sanitiser for entry HTML: safe to render as HTML in the reader.
 *
 * Keeps ordinary article markup; drops scripts, styles, forms, plugins and frames with their
 * content; unwraps unknown elements (SVG and MathML included) keeping their text; keeps only
 * http(s) links (opened in a new tab, rel="noopener noreferrer nofollow") and http(s) or raster
 * data: media, absolutised against `baseUrl` and stripped of tracking parameters; repairs
 * lazy-loaded images and removes tracking pixels; keeps iframes of allow-listed players only,
 * sandboxed. Returns "" for empty input and never throws: should the parser ever fail, the
 * entry is emptied rather than stored unsanitised.
 */
export function sanitizeHtml(html: string, options: SanitizeOptions = {}): string {
  return sanitize(html, options, false).html;
}

/**
 * {@link sanitizeHtml} and the text of its result from the same pass, for the search index: its
 * words are those of `htmlToText(html)` (inline elements not separating words, blocks apart),
 * its whitespace as it came. Text inside removed elements is not part of it. `{ html: "", text: "" }`
 * for empty input.
 */
export function sanitizeHtmlWithText(html: string, options: SanitizeOptions = {}): SanitizedHtml {
  return sanitize(html, options, true);
}

function sanitize(html: string, options: SanitizeOptions, withText: boolean): SanitizedHtml {
  if (typeof html !== "string" || html === "") return { html: "", text: "" };
  const base = parseBaseUrl(options.baseUrl);
  try {
    return sanitizeStream(html, base, withText);
  } catch (error) {
    try {
      // Too deeply nested to parse in reasonable time (NESTING_LIMIT): keep its text only.
      if (error instanceof TooDeeplyNested) return sanitizeStream(withoutTags(html), base, withText);
    } catch {
      // fall through: nothing else is expected to throw
    }
    return { html: "", text: "" };
  }
}
