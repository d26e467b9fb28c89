import { mediaSize } from "./dom-policy.ts";
import { imageSource } from "./image-source.ts";
import type { GalleryImage } from "./types.ts";
import { isVideoUrl } from "./url.ts";

/** The timeline asks for the same entries again and again while scrolling; remember recent answers. */
const CACHE_SIZE = 200;
const cache = new Map<string, GalleryImage[]>();

/**
 * The images of entry HTML, in order, as the renderer would show them: safe sources only (lazy
 * `data-src` resolved), no tracking pixels, no duplicates. For thumbnails and galleries outside the
 * reader; parsing is inert (DOMParser loads nothing).
 */
export function extractImages(html: string | null | undefined, baseUrl?: string): GalleryImage[] {
  if (!html || !/<img\b/i.test(html)) return [];
  const key = `${baseUrl ?? ""}\u0000${html}`;
  const cached = cache.get(key);
  if (cached) {
    cache.delete(key);
    cache.set(key, cached);
    return cached;
  }
  const document = new DOMParser().parseFromString(html, "text/html");
  const seen = new Set<string>();
  const images: GalleryImage[] = [];
  for (const img of document.querySelectorAll("img")) {
    const src = imageSource(img, baseUrl);
    if (!src || seen.has(src) || isVideoUrl(src)) continue;
    const { width, height } = mediaSize(img);
    if ((width !== undefined && width < 2) || (height !== undefined && height < 2)) continue;
    seen.add(src);
    const alt = img.getAttribute("alt");
    images.push(alt ? { src, alt } : { src });
  }
  cache.set(key, images);
  if (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value!);
  return images;
}

/** The first image of entry HTML (its URL), or null: the entry's thumbnail when it has no media. */
export function firstImage(html: string | null | undefined, baseUrl?: string): string | null {
  return extractImages(html, baseUrl)[0]?.src ?? null;
}
