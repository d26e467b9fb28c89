import type { Entry, EntryAttachment, EntryMedia } from "@tidings/contracts";
import { rememberedImageSize } from "../../lib/image-proxy.ts";
import { firstImage } from "../renderer/index.ts";

/** Pictures smaller than this on a side are icons or spacers, not content (facts §7). */
export const MIN_MEDIA_SIZE = 65;

/**
 * An entry's picture for a list thumbnail: its first photo, a video's preview, else the first
 * image of its HTML; with its size, from the feed or as it last loaded here (spec §3).
 */
export function thumbnailOf(entry: Entry): { url: string; width?: number; height?: number } | null {
  for (const media of entry.media ?? []) {
    if (media.type === "photo") return sized(media.url, media);
    if (media.preview_image_url) return sized(media.preview_image_url, media);
  }
  const url = firstImage(entry.content ?? entry.description, entry.url ?? undefined);
  return url ? { url, ...rememberedImageSize(url) } : null;
}

function sized(url: string, media: EntryMedia): { url: string; width?: number; height?: number } {
  if (!media.width || !media.height) return { url, ...rememberedImageSize(url) };
  return { url, width: media.width, height: media.height };
}

/** The entry's audio attachment, if any (an Audios entry's attachment counts whatever its type says). */
export function audioOf(entry: Entry, audioView: boolean): EntryAttachment | null {
  const attachments = entry.attachments ?? [];
  return (
    attachments.find((a) => a.mime_type?.startsWith("audio/")) ??
    (audioView ? (attachments.find((a) => !a.mime_type || !/^(image|video)\//.test(a.mime_type)) ?? null) : null)
  );
}

/** A video entry's picture: a video's preview, a photo, else the first image of its HTML. */
export function videoPosterOf(entry: Entry): string | null {
  const media = entry.media ?? [];
  return (
    media.find((m) => m.type === "video" && m.preview_image_url)?.preview_image_url ??
    media.find((m) => m.type === "photo")?.url ??
    firstImage(entry.content ?? entry.description, entry.url ?? undefined)
  );
}

/** A video entry's length in seconds, from its attachment, when the feed says. */
export function videoDurationOf(entry: Entry): number | null {
  const attachment = (entry.attachments ?? []).find((a) => a.duration_in_seconds && (!a.mime_type || !a.mime_type.startsWith("image/")));
  return attachment?.duration_in_seconds ?? null;
}

/** The photos of a social post, without tiny ones whose size is known. */
export function postImagesOf(entry: Entry): EntryMedia[] {
  return (entry.media ?? []).filter(
    (m) => (m.type === "photo" || m.preview_image_url) && !(m.width !== undefined && m.width < MIN_MEDIA_SIZE) && !(m.height !== undefined && m.height < MIN_MEDIA_SIZE),
  );
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

/**
 * HTML reduced to one line of text for a list row (tags dropped, common entities decoded,
 * whitespace collapsed), cut at `max` characters. A regular expression, not a parser: rows are many.
 */
export function plainText(html: string | null | undefined, max = 300): string {
  if (!html) return "";
  const text = html
    .slice(0, max * 4)
    .replace(/<(script|style)\b[\s\S]*?<\/\1>/gi, " ")
    .replace(/<[^>]*>?/g, " ")
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (match, code: string) => {
      if (code[0] === "#") {
        const point = code[1] === "x" || code[1] === "X" ? Number.parseInt(code.slice(2), 16) : Number.parseInt(code.slice(1), 10);
        return Number.isFinite(point) && point > 0 && point < 0x110000 ? String.fromCodePoint(point) : " ";
      }
      return ENTITIES[code.toLowerCase()] ?? match;
    })
    .replace(/\s+/g, " ")
    .trim();
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

const X_HOSTS = new Set(["x.com", "twitter.com", "mobile.twitter.com", "mobile.x.com"]);
const NOT_HANDLES = new Set(["i", "home", "search", "intent", "share", "hashtag", "explore"]);

/** The X (Twitter) handle of a post URL such as https://x.com/handle/status/1, or null. */
export function xHandleOf(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    if (!X_HOSTS.has(parsed.hostname.replace(/^www\./, ""))) return null;
    const handle = parsed.pathname.split("/")[1];
    return handle && /^\w{1,15}$/.test(handle) && !NOT_HANDLES.has(handle.toLowerCase()) ? handle : null;
  } catch {
    return null;
  }
}
