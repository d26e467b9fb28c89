import type { ImageStatusConfigs } from "@tidings/contracts";
import { useSyncExternalStore } from "react";
import { api } from "./api-client.ts";
import { storage } from "./storage.ts";

/** What the client needs to know of the server's image settings (`GET /status/configs`). */
export interface ImageConfig {
  /** Images go through `/api/image` (resized, hot-link fixed, the reader's address kept from image hosts). */
  proxy: boolean;
  /** URL templates of the avatar services asked for a feed's icon, `{host}` to replace. */
  avatarServices: readonly string[];
}

/** The server's defaults, used until it has said otherwise (spec §1: two avatar services by host). */
export const DEFAULT_IMAGE_CONFIG: ImageConfig = Object.freeze({
  proxy: true,
  avatarServices: Object.freeze(["https://icons.duckduckgo.com/ip3/{host}.ico", "https://www.google.com/s2/favicons?domain={host}&sz=64"]),
});

const CONFIG_KEY = "image-config";
const listeners = new Set<() => void>();
let current: ImageConfig = readStoredConfig() ?? DEFAULT_IMAGE_CONFIG;
let loading: Promise<ImageConfig> | null = null;

function readStoredConfig(): ImageConfig | null {
  try {
    const stored = JSON.parse(storage.get(CONFIG_KEY) ?? "null") as Partial<ImageConfig> | null;
    if (typeof stored?.proxy !== "boolean" || !Array.isArray(stored.avatarServices)) return null;
    return { proxy: stored.proxy, avatarServices: stored.avatarServices.filter((t): t is string => typeof t === "string") };
  } catch {
    return null;
  }
}

/** The image settings in force (the last the server gave, kept across visits). */
export function imageConfig(): ImageConfig {
  return current;
}

/** Takes the image part of `GET /status/configs`; what is missing keeps its default. */
export function setImageConfig(configs: Partial<ImageStatusConfigs>): ImageConfig {
  const next: ImageConfig = {
    proxy: configs.IMAGE_PROXY ?? DEFAULT_IMAGE_CONFIG.proxy,
    avatarServices: Array.isArray(configs.AVATAR_SERVICES) ? configs.AVATAR_SERVICES : DEFAULT_IMAGE_CONFIG.avatarServices,
  };
  storage.set(CONFIG_KEY, JSON.stringify(next));
  if (JSON.stringify(next) !== JSON.stringify(current)) {
    current = next;
    for (const listener of listeners) listener();
  }
  return current;
}

/** Asks the server once per page (the app's start calls it); offline, the kept settings stay. */
export function loadImageConfig(): Promise<ImageConfig> {
  loading ??= api<Partial<ImageStatusConfigs>>("status/configs").then(setImageConfig, () => current);
  return loading;
}

/** The image settings, re-rendering when the server's answer changes them. */
export function useImageConfig(): ImageConfig {
  return useSyncExternalStore(
    (onChange) => {
      listeners.add(onChange);
      return () => listeners.delete(onChange);
    },
    imageConfig,
    imageConfig,
  );
}

/** Widths asked of the proxy: every reader's request for a size lands on the same cached answer. */
const WIDTHS = [16, 24, 32, 48, 64, 96, 128, 192, 256, 384, 600, 800, 1200, 1600, 2048, 2560];

/** The proxy width that covers `pixels`. */
export function proxyWidth(pixels: number): number {
  return WIDTHS.find((width) => width >= pixels) ?? WIDTHS.at(-1)!;
}

/**
 * The address to load an image from: through the server's proxy when it is on (resized to cover
 * `width` pixels when given), else the image's own. Our own files, inline data and addresses
 * that are not http(s) are left as they are.
 *
 * @example proxiedImage("https://example.com/a.png", 600) // "/api/image?url=https%3A%2F%2Fexample.com%2Fa.png&w=600"
 */
export function proxiedImage(url: string, width?: number, config: ImageConfig = current): string {
  if (!config.proxy || !/^https?:\/\//i.test(url)) return url;
  if (typeof location !== "undefined" && URL.parse(url)?.origin === location.origin) return url;
  return `/api/image?url=${encodeURIComponent(url)}${width ? `&w=${proxyWidth(width)}` : ""}`;
}

/** The avatar services' addresses for a host, in the configured order. */
export function avatarServiceUrls(host: string, config: ImageConfig = current): string[] {
  return config.avatarServices.map((template) => template.replaceAll("{host}", encodeURIComponent(host)));
}

// Image dimensions, kept in browser storage by image URL (spec §3) so layouts do not jump on the
// next visit; sign-out clears them with the rest of the product's storage.
const SIZES_KEY = "image-sizes";
const MAX_SIZES = 500;
let sizes: Map<string, [number, number]> | null = null;
let saveTimer: ReturnType<typeof setTimeout> | null = null;

function sizeMap(): Map<string, [number, number]> {
  if (sizes) return sizes;
  sizes = new Map();
  try {
    for (const [url, size] of JSON.parse(storage.get(SIZES_KEY) ?? "[]") as [string, [number, number]][]) sizes.set(url, size);
  } catch {
    // a damaged list starts again
  }
  return sizes;
}

/** The size an image had when it last loaded here, or null. */
export function rememberedImageSize(url: string): { width: number; height: number } | null {
  const size = sizeMap().get(url);
  return size ? { width: size[0], height: size[1] } : null;
}

/** Keeps an image's size (the newest {@link MAX_SIZES}), written out a second later in one go. */
export function rememberImageSize(url: string, width: number, height: number): void {
  if (!(width > 0 && height > 0)) return;
  const map = sizeMap();
  const known = map.get(url);
  if (known && known[0] === width && known[1] === height) return;
  map.delete(url);
  map.set(url, [width, height]);
  for (const oldest of map.keys()) {
    if (map.size <= MAX_SIZES) break;
    map.delete(oldest);
  }
  saveTimer ??= setTimeout(() => {
    saveTimer = null;
    storage.set(SIZES_KEY, JSON.stringify([...sizeMap()]));
  }, 1000);
}

/**
 * Image hosts that refuse requests without their own site as Referer (hot-link protection); the
 * app sends no Referer, so their images load through the proxy, which sends the right one.
 */
const HOT_LINK_PROTECTED = /(?:^|\.)(?:sinaimg\.cn|pximg\.net|hdslb\.com|biliimg\.com|sspai\.com|cdninstagram\.com|piokok\.com|doubanio\.com|zhimg\.com|xhscdn\.com|qpic\.cn)$/i;

/** An image of entry content: through the proxy when its host protects against hot-linking, else as it is. */
export function contentImage(url: string, config: ImageConfig = current): string {
  const host = URL.parse(url)?.hostname;
  return host && HOT_LINK_PROTECTED.test(host) ? proxiedImage(url, undefined, config) : url;
}
