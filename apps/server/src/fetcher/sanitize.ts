// The sanitiser every entry's HTML passes through before it is stored and shown. It is an
// allow-list on top of sanitize-html, which parses once with htmlparser2 and re-serialises
// from scratch: text is always escaped and only allowed elements and attributes are written,
// so nothing of the input's markup reaches the output unchecked. Policy lists live in
// sanitize-policy.ts, URL checks in sanitize-url.ts, media rules in sanitize-media.ts and the
// iframe allow-list in sanitize-embed.ts.

import sanitize from "sanitize-html";
import { NESTING_LIMIT, TooDeeplyNested, withoutTags } from "./html-text.ts";
import { transformIframe } from "./sanitize-embed.ts";
import { setOrDelete, transformImage, transformMedia, transformSource, type Attribs, type TransformedTag } from "./sanitize-media.ts";
import {
  ALLOWED_ATTRIBUTES,
  ALLOWED_CLASSES,
  ALLOWED_STYLES,
  ALLOWED_TAGS,
  DROP_WITH_CONTENT,
  SELF_CLOSING,
} from "./sanitize-policy.ts";
import { cleanUrl, parseBaseUrl } from "./sanitize-url.ts";

/** Options of {@link sanitizeHtml}. */
export interface SanitizeOptions {
  /** Absolute URL that relative href/src/srcset/poster values resolve against (entry link or feed URL). */
  baseUrl?: string | null;
}

const LINK_REL = "noopener noreferrer nofollow";
const MEDIA_SCHEMES = ["http", "https", "data"];

/** <a>: only http(s) links survive; they open in a new tab that cannot reach back to the reader. */
function transformLink(attribs: Attribs, base: URL | null): TransformedTag {
  const href = attribs.href === undefined ? null : cleanUrl(attribs.href, "link", base);
  if (href === null) return { tagName: "a", attribs: {} };
  const { rel: _rel, target: _target, ...kept } = attribs;
  return { tagName: "a", attribs: { ...kept, href, rel: LINK_REL, target: "_blank" } };
}

/** q, blockquote, del, ins: `cite` is a URL too (only shown by some tools, but still followed). */
function transformCite(tagName: string, attribs: Attribs, base: URL | null): TransformedTag {
  if (attribs.cite === undefined) return { tagName, attribs };
  const out = { ...attribs };
  setOrDelete(out, "cite", cleanUrl(out.cite ?? "", "link", base));
  return { tagName, attribs: out };
}

/**
 * The rewrites that depend on the base URL. sanitize-html applies them to an element before
 * its allow-list check, so a transform may add attributes (rel, loading…) as long as they are
 * allowed, and may drop the element with its content (see DROPPED_MARKUP).
 */
function transforms(base: URL | null, state: { dropped: Set<string> }): Record<string, sanitize.Transformer> {
  const media = (tagName: string, attribs: Attribs) => transformMedia(tagName, attribs, base);
  const cite = (tagName: string, attribs: Attribs) => transformCite(tagName, attribs, base);
  const counted = (tag: TransformedTag): TransformedTag => {
    if (tag.dropped) state.dropped.add(tag.tagName);
    return tag;
  };
  return {
    a: (_tag, attribs) => transformLink(attribs, base),
    img: (_tag, attribs) => counted(transformImage(attribs, base)),
    iframe: (_tag, attribs) => counted(transformIframe(attribs, base)),
    source: (_tag, attribs) => transformSource(attribs, base),
    video: media,
    audio: media,
    track: media,
    q: cite,
    blockquote: cite,
    del: cite,
    ins: cite,
  };
}

// Built once: sanitize-html copies its options on every call, never mutates them.
const BASE_OPTIONS: sanitize.IOptions = {
  allowedTags: [...ALLOWED_TAGS],
  allowedAttributes: ALLOWED_ATTRIBUTES,
  allowedClasses: ALLOWED_CLASSES,
  allowedStyles: ALLOWED_STYLES,
  parseStyleAttributes: true,
  disallowedTagsMode: "discard",
  nonTextTags: [...DROP_WITH_CONTENT],
  selfClosing: [...SELF_CLOSING],
  // A second line of defence behind the transforms, which already allow only these schemes.
  allowedSchemes: ["http", "https"],
  allowedSchemesByTag: { img: MEDIA_SCHEMES, source: MEDIA_SCHEMES, video: MEDIA_SCHEMES, audio: MEDIA_SCHEMES, track: MEDIA_SCHEMES },
  allowedSchemesAppliedToAttributes: ["href", "src", "cite", "poster"],
  // The transforms have already turned every `//host` URL into https.
  allowProtocolRelative: false,
  enforceHtmlBoundary: false,
};

// How the elements a transform dropped come out: nothing else can. A kept image always has
// src/srcset and loading, a kept iframe always has src and sandbox, and every `<` in text or
// attribute values is escaped. Cutting them out joins well-formed pieces whose text holds no
// bare `&` either, so no new tag or entity can appear.
const DROPPED_MARKUP: Record<string, string> = { img: "<img />", iframe: "<iframe></iframe>" };

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
  if (typeof html !== "string" || html === "") return "";
  const base = parseBaseUrl(options.baseUrl);
  try {
    return run(html, base);
  } catch (error) {
    try {
      // Too deeply nested to parse in reasonable time (NESTING_LIMIT): keep its text only.
      if (error instanceof TooDeeplyNested) return run(withoutTags(html), base);
    } catch {
      // fall through: nothing else is expected to throw
    }
    return "";
  }
}

/** One sanitize-html pass, with the rewrites and the nesting guard of this call. */
function run(html: string, base: URL | null): string {
  const state = { dropped: new Set<string>() };
  let depth = 0;
  let output = sanitize(html, {
    ...BASE_OPTIONS,
    transformTags: transforms(base, state),
    // htmlparser2 reports every element it opens and closes, so this is its stack depth.
    onOpenTag: () => {
      if (++depth > NESTING_LIMIT) throw new TooDeeplyNested();
    },
    onCloseTag: () => {
      depth--;
    },
  });
  for (const tagName of state.dropped) output = output.replaceAll(DROPPED_MARKUP[tagName] ?? "", "");
  return output;
}
