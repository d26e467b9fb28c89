import { resolveImageUrl, resolveWebUrl } from "./url.ts";

/** Attributes lazy-loading scripts keep the real image in, while `src` holds a placeholder. */
const LAZY_SOURCES = ["data-src", "data-original", "data-lazy-src", "data-actualsrc"];

/** The real source of an image, including the common lazy-loading attributes when `src` is a placeholder. */
export function imageSource(element: Element, baseUrl?: string): string | null {
  const src = resolveImageUrl(element.getAttribute("src"), baseUrl);
  if (src && !src.startsWith("data:")) return src;
  for (const name of LAZY_SOURCES) {
    const lazy = resolveWebUrl(element.getAttribute(name), baseUrl);
    if (lazy) return lazy;
  }
  return src;
}

