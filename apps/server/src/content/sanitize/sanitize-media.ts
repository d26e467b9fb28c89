// Image and media rules of the entry sanitiser: lazy-loading repair, tracking pixels, source
// checks. The functions rewrite an element's attributes before the allow-list filters them.

import { cleanSrcset, cleanUrl } from "./sanitize-url.ts";

/** Attributes of one element as htmlparser2 hands them over (names lower-cased, entities decoded). */
export type Attribs = Record<string, string>;

/** An element after a transform (see {@link drop} for removing it). */
export interface TransformedTag {
  tagName: string;
  attribs: Attribs;
  /** Set by {@link drop}: the element is to be left out of the output. */
  dropped?: boolean;
}

// Where lazy-loading scripts keep the real source, in order of preference.
const LAZY_SRC = ["data-src", "data-lazy-src", "data-original", "data-actualsrc"];
const LAZY_SRCSET = ["data-srcset", "data-lazy-srcset"];

/**
 * Images that only count readers. Each entry is a host, optionally with the path prefix that
 * identifies its tracking images (the same host also serves real content elsewhere).
 */
const TRACKERS: ReadonlyArray<{ host: string; path?: string }> = [
  { host: "feeds.feedburner.com", path: "/~r/" }, // FeedBurner per-item beacon
  { host: "feeds.feedburner.com", path: "/~ff/" }, // FeedBurner "feed flare" counters
  { host: "feedproxy.google.com", path: "/~r/" }, // FeedBurner via Google's proxy
  { host: "pixel.wp.com" }, // WordPress.com / Jetpack stats
  { host: "stats.wordpress.com" }, // WordPress.com stats
  { host: "feeds.wordpress.com", path: "/1.0/comments" }, // WordPress comment-count badges
  { host: "www.google-analytics.com" }, // Google Analytics measurement pixel
  { host: "pixel.quantserve.com" }, // Quantcast
];

/**
 * What a transform returns to remove an element: nothing of it is written (sanitize-writer.ts),
 * and for an element that has content (an iframe's fallback) none of that either.
 */
export function drop(tagName: string): TransformedTag {
  return { tagName, attribs: {}, dropped: true };
}

function firstValue(attribs: Attribs, names: readonly string[]): string | undefined {
  for (const name of names) {
    const value = attribs[name]?.trim();
    if (value) return value;
  }
  return undefined;
}

/** True when a width/height value says at most one pixel ("0", "1", "1px", "0.5"). */
function isPixelSize(value: string | undefined): boolean {
  if (value === undefined) return false;
  const match = /^\s*(\d*\.?\d+)\s*(?:px)?\s*$/i.exec(value);
  return match !== null && Number(match[1]) <= 1;
}

function isTracker(src: string): boolean {
  // Most images are no tracker: a substring test spares them a second URL parse.
  if (!TRACKERS.some((t) => src.includes(t.host))) return false;
  const url = URL.parse(src);
  if (!url) return false;
  const host = url.hostname.toLowerCase();
  return TRACKERS.some((t) => t.host === host && (t.path === undefined || url.pathname.startsWith(t.path)));
}

/**
 * <img>: takes the real source from lazy-loading attributes, checks src and srcset, and drops
 * the image when nothing loadable is left, when it is a tracking pixel (a width or height of
 * at most 1px: invisible anyway) or when it comes from a known tracker.
 */
export function transformImage(attribs: Attribs, base: URL | null): TransformedTag {
  if (isPixelSize(attribs.width) || isPixelSize(attribs.height)) return drop("img");
  const lazySrc = firstValue(attribs, LAZY_SRC);
  // A lazy source replaces the placeholder in src; if it is unusable the src still may be.
  const src = (lazySrc && cleanUrl(lazySrc, "media", base)) || (attribs.src ? cleanUrl(attribs.src, "media", base) : null);
  const lazySrcset = firstValue(attribs, LAZY_SRCSET);
  const srcset = (lazySrcset && cleanSrcset(lazySrcset, base)) || (attribs.srcset ? cleanSrcset(attribs.srcset, base) : null);
  if (src === null && srcset === null) return drop("img");
  if (src !== null && isTracker(src)) return drop("img");
  const out: Attribs = { ...attribs, loading: "lazy", decoding: "async" };
  setOrDelete(out, "src", src);
  setOrDelete(out, "srcset", srcset);
  return { tagName: "img", attribs: out };
}

/** <source>: src and srcset checked like an image's (a <source> serves <picture>, <video> and <audio>). */
export function transformSource(attribs: Attribs, base: URL | null): TransformedTag {
  const out = { ...attribs };
  if (out.src !== undefined) setOrDelete(out, "src", cleanUrl(out.src, "media", base));
  if (out.srcset !== undefined) setOrDelete(out, "srcset", cleanSrcset(out.srcset, base));
  return { tagName: "source", attribs: out };
}

/**
 * <video>, <audio>, <track>: src and poster checked. Players always get controls: autoplay is
 * not allowed, so without them a reader could not start playback.
 */
export function transformMedia(tagName: string, attribs: Attribs, base: URL | null): TransformedTag {
  const out = { ...attribs };
  if (out.src !== undefined) setOrDelete(out, "src", cleanUrl(out.src, "media", base));
  if (out.poster !== undefined) setOrDelete(out, "poster", cleanUrl(out.poster, "media", base));
  if (tagName !== "track") out.controls = "";
  return { tagName, attribs: out };
}

/** Sets a cleaned attribute, or removes it when the cleaning refused the value. */
export function setOrDelete(attribs: Attribs, name: string, value: string | null): void {
  if (value === null) delete attribs[name];
  else attribs[name] = value;
}
