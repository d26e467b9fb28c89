// The rewrites of the entry sanitiser that depend on the base URL, one per element that has
// one. Each runs on an allowed element before its attribute allow-list (sanitize-attributes.ts),
// so it may add attributes (rel, loading…) as long as they are allowed, and may drop the element
// with its content (see `drop` in sanitize-media.ts).

import { transformIframe } from "./sanitize-embed.ts";
import { setOrDelete, transformImage, transformMedia, transformSource, type Attribs, type TransformedTag } from "./sanitize-media.ts";
import { cleanUrl } from "./sanitize-url.ts";

const LINK_REL = "noopener noreferrer nofollow";

/** <a>: only http(s) links survive; they open in a new tab that cannot reach back to the reader. */
export function transformLink(attribs: Attribs, base: URL | null): TransformedTag {
  const href = attribs.href === undefined ? null : cleanUrl(attribs.href, "link", base);
  if (href === null) return { tagName: "a", attribs: {} };
  const { rel: _rel, target: _target, ...kept } = attribs;
  return { tagName: "a", attribs: { ...kept, href, rel: LINK_REL, target: "_blank" } };
}

/** q, blockquote, del, ins: `cite` is a URL too (only shown by some tools, but still followed). */
export function transformCite(tagName: string, attribs: Attribs, base: URL | null): TransformedTag {
  if (attribs.cite === undefined) return { tagName, attribs };
  const out = { ...attribs };
  setOrDelete(out, "cite", cleanUrl(out.cite ?? "", "link", base));
  return { tagName, attribs: out };
}

/** A rewrite: the element's attributes (names lower-cased, entities decoded) in, the element out. */
export type Transform = (tagName: string, attribs: Attribs, base: URL | null) => TransformedTag;

/** The rewrite of each element that has one; built once, the base URL comes with each call. */
export const TRANSFORMS: ReadonlyMap<string, Transform> = new Map<string, Transform>([
  ["a", (_tag, attribs, base) => transformLink(attribs, base)],
  ["img", (_tag, attribs, base) => transformImage(attribs, base)],
  ["iframe", (_tag, attribs, base) => transformIframe(attribs, base)],
  ["source", (_tag, attribs, base) => transformSource(attribs, base)],
  ["video", transformMedia],
  ["audio", transformMedia],
  ["track", transformMedia],
  ["q", transformCite],
  ["blockquote", transformCite],
  ["del", transformCite],
  ["ins", transformCite],
]);
