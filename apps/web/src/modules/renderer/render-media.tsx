import { createElement, type ReactNode } from "react";
import { mediaSize } from "./dom-policy.ts";
import { EMBED_ALLOW, EMBED_SANDBOX, resolveEmbedUrl } from "./embeds.ts";
import { EntryImage } from "./entry-image.tsx";
import { filterStyle } from "./style-filter.ts";
import type { RenderState } from "./types.ts";
import { isVideoUrl, resolveImageUrl, resolveSrcset, resolveWebUrl } from "./url.ts";
import { imageSource } from "./image-source.ts";

/**
 * Builders for the media of entry content. Each one resolves and checks its own URLs, so a media
 * element either comes out with http(s) sources only or not at all.
 */

const MIME = /^[a-z]+\/[a-z0-9.+-]+(?:;\s*codecs="?[\w., +-]*"?)?$/i;

/** An inline video player: controls, metadata only until played, never autoplaying. */
export function buildVideo(state: RenderState, src: string | null, poster: string | null, extra: ReactNode[] = [], size: { width?: number; height?: number } = {}): ReactNode {
  state.visible += 1;
  return createElement("video", { className: "entry-video", src: src ?? undefined, poster: poster ?? undefined, controls: true, preload: "metadata", playsInline: true, ...size }, ...extra);
}

/** `<img>`: dropped for noMedia, tracking pixels and unsafe sources; a video when it points at one. */
export function buildImage(element: Element, state: RenderState): ReactNode {
  const { baseUrl, noMedia, inlineStyle, onImageClick } = state.options;
  if (noMedia) return null;
  const src = imageSource(element, baseUrl);
  if (!src) return null;
  const size = mediaSize(element);
  if ((size.width !== undefined && size.width < 2) || (size.height !== undefined && size.height < 2)) return null;
  if (isVideoUrl(src)) return buildVideo(state, src, null, [], size);
  const alt = element.getAttribute("alt") ?? undefined;
  const index = state.images.push(alt ? { src, alt } : { src }) - 1;
  state.visible += 1;
  const sizes = element.getAttribute("sizes");
  return createElement(EntryImage, {
    src,
    srcSet: resolveSrcset(element.getAttribute("srcset") ?? element.getAttribute("data-srcset"), baseUrl) ?? undefined,
    sizes: sizes && /^[\w\s(),.:%-]{1,200}$/.test(sizes) ? sizes : undefined,
    alt,
    title: element.getAttribute("title") ?? undefined,
    ...size,
    style: (inlineStyle ? filterStyle(element.getAttribute("style"), "img") : null) ?? undefined,
    onOpen: onImageClick ? () => onImageClick(index) : undefined,
  });
}

function childSources(element: Element): Element[] {
  return [...element.children].filter((child) => child.localName === "source");
}

function mime(element: Element): string | undefined {
  const type = element.getAttribute("type")?.trim();
  return type && MIME.test(type) ? type : undefined;
}

/** `<picture>`: its safe `<source srcset>` alternatives around the `<img>` fallback. */
export function buildPicture(element: Element, state: RenderState): ReactNode {
  if (state.options.noMedia) return null;
  const img = element.querySelector("img");
  if (!img) return null;
  const image = buildImage(img, state);
  if (!image) return null;
  const sources: ReactNode[] = [];
  for (const source of childSources(element)) {
    const srcSet = resolveSrcset(source.getAttribute("srcset"), state.options.baseUrl);
    if (!srcSet) continue;
    const media = source.getAttribute("media");
    sources.push(createElement("source", { srcSet, type: mime(source), media: media && /^[\w\s(),.:-]{1,200}$/.test(media) ? media : undefined }));
  }
  return createElement("picture", null, ...sources, image);
}

function mediaSources(element: Element, baseUrl?: string): ReactNode[] {
  const sources: ReactNode[] = [];
  for (const source of childSources(element)) {
    const src = resolveWebUrl(source.getAttribute("src"), baseUrl);
    if (src) sources.push(createElement("source", { src, type: mime(source) }));
  }
  return sources;
}

/** `<video>` and `<audio>`: with controls, preloading metadata only; no source, no player. */
export function buildPlayer(element: Element, state: RenderState, tag: "video" | "audio"): ReactNode {
  const { baseUrl, noMedia } = state.options;
  if (noMedia) return null;
  const src = resolveWebUrl(element.getAttribute("src"), baseUrl);
  const sources = mediaSources(element, baseUrl);
  if (!src && sources.length === 0) return null;
  if (tag === "video") return buildVideo(state, src, resolveImageUrl(element.getAttribute("poster"), baseUrl), sources, mediaSize(element));
  state.visible += 1;
  return createElement("audio", { className: "entry-audio", src: src ?? undefined, controls: true, preload: "metadata" }, ...sources);
}

/** `<iframe>`: only the players of embeds.ts, sandboxed, lazy, sized to their aspect ratio. */
export function buildEmbed(element: Element, state: RenderState): ReactNode {
  if (state.options.noMedia) return null;
  const src = resolveEmbedUrl(element.getAttribute("src"), state.options.baseUrl);
  if (!src) return null;
  state.visible += 1;
  const { width, height } = mediaSize(element);
  const ratio = width && height ? `${width} / ${height}` : "16 / 9";
  return createElement("iframe", {
    className: "entry-embed",
    src,
    title: element.getAttribute("title") || new URL(src).hostname,
    sandbox: EMBED_SANDBOX,
    allow: EMBED_ALLOW,
    allowFullScreen: true,
    loading: "lazy",
    referrerPolicy: "strict-origin-when-cross-origin",
    style: { aspectRatio: ratio },
  });
}
