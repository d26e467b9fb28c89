import { z } from "zod";
import { bool, type EnvOf, type EnvShape, integer } from "../../config/parsers.ts";

export const imagesEnv = {
  IMAGE_PROXY: bool("IMAGE_PROXY", true),
  IMAGE_CACHE_MAX_MB: integer("IMAGE_CACHE_MAX_MB", 512, 1, 1_000_000),
  IMAGE_MAX_BYTES: integer("IMAGE_MAX_BYTES", 20 * 1024 * 1024, 1024, 1024 * 1024 * 1024),
  IMAGE_PROXY_PER_HOUR: integer("IMAGE_PROXY_PER_HOUR", 3000, 0, 10_000_000),
  AVATAR_SERVICES: z.string().optional(),
  SITE_ICONS: bool("SITE_ICONS", true),
} satisfies EnvShape;

/**
 * The image proxy (`/api/image`): on or off, its disk cache's size cap, the largest image it
 * fetches, and the images one client address may have fetched per hour (cache hits are free; 0:
 * no limit). `avatarServices` are URL templates (`{host}`) the client asks for feed avatars;
 * `siteIcons` looks for a site's own icon when its feed has no image.
 */
export interface ImagesConfig {
  readonly proxy: boolean;
  readonly cacheMaxBytes: number;
  readonly maxBytes: number;
  readonly perHour: number;
  readonly avatarServices: readonly string[];
  readonly siteIcons: boolean;
}

/** The avatar services of spec §1 (DuckDuckGo, then Google), asked by host when a feed has no icon of its own. */
export const DEFAULT_AVATAR_SERVICES = ["https://icons.duckduckgo.com/ip3/{host}.ico", "https://www.google.com/s2/favicons?domain={host}&sz=64"];

export function imagesConfig(e: EnvOf<typeof imagesEnv>, problems: string[]): ImagesConfig {
  return Object.freeze({
    proxy: e.IMAGE_PROXY,
    cacheMaxBytes: e.IMAGE_CACHE_MAX_MB * 1024 * 1024,
    maxBytes: e.IMAGE_MAX_BYTES,
    perHour: e.IMAGE_PROXY_PER_HOUR,
    avatarServices: Object.freeze(parseAvatarServices(e.AVATAR_SERVICES, problems)),
    siteIcons: e.SITE_ICONS,
  });
}

/** AVATAR_SERVICES: unset gives the defaults, empty none; else comma-separated http(s) URLs with `{host}`. */
function parseAvatarServices(value: string | undefined, problems: string[]): string[] {
  if (value === undefined) return DEFAULT_AVATAR_SERVICES;
  const templates = value.split(",").map((part) => part.trim()).filter(Boolean);
  for (const template of templates) {
    if (!URL.canParse(template.replaceAll("{host}", "example.com")) || !/^https?:\/\//i.test(template) || !template.includes("{host}")) problems.push(`AVATAR_SERVICES must be comma-separated http(s) URLs containing {host} (got "${template}")`);
  }
  return templates;
}
