import type { MediaNs } from "feedsmith";
import type { EntryAttachment, EntryMedia } from "../../db/schema/entries.ts";
import { absoluteUrl } from "./urls.ts";

/** Collects media and attachments for one entry, dropping duplicates by URL. */
export class MediaCollector {
  readonly media: EntryMedia[] = [];
  readonly attachments: EntryAttachment[] = [];
  private readonly base: string | null;
  private readonly seenMedia = new Set<string>();
  private readonly seenAttachments = new Set<string>();

  constructor(base: string | null) {
    this.base = base;
  }

  addMedia(item: { url: string | null | undefined; type: "photo" | "video"; preview?: string | null; width?: number | null; height?: number | null }) {
    const url = absoluteUrl(item.url, this.base);
    if (!url || this.seenMedia.has(url)) return;
    this.seenMedia.add(url);
    const entry: EntryMedia = { url, type: item.type };
    const preview = absoluteUrl(item.preview, this.base);
    if (preview) entry.preview_image_url = preview;
    if (item.width && item.width > 0) entry.width = Math.round(item.width);
    if (item.height && item.height > 0) entry.height = Math.round(item.height);
    this.media.push(entry);
  }

  addAttachment(item: { url: string | null | undefined; mimeType?: string | null; size?: number | null; duration?: number | null; title?: string | null }) {
    const url = absoluteUrl(item.url, this.base);
    if (!url || this.seenAttachments.has(url)) return;
    this.seenAttachments.add(url);
    const entry: EntryAttachment = { url };
    const mime = item.mimeType?.trim().toLowerCase();
    if (mime) entry.mime_type = mime;
    if (item.size && Number.isFinite(item.size) && item.size > 0) entry.size_in_bytes = Math.round(item.size);
    if (item.duration && Number.isFinite(item.duration) && item.duration > 0) entry.duration_in_seconds = Math.round(item.duration);
    if (item.title?.trim()) entry.title = item.title.trim();
    this.attachments.push(entry);
    if (mime?.startsWith("image/")) this.addMedia({ url, type: "photo" });
  }

  /** Media RSS: `media:content` (alone or in groups) and thumbnails. */
  addMediaRss(media: MediaNs.ItemOrFeed | undefined) {
    if (!media) return;
    const groups = [media, ...(media.groups ?? [])];
    for (const group of groups) {
      const thumbnail = group.thumbnails?.[0] ?? media.thumbnails?.[0];
      for (const content of group.contents ?? []) {
        const kind = mediaKind(content.medium, content.type, content.url);
        if (kind === "photo") {
          this.addMedia({ url: content.url, type: "photo", width: content.width ?? null, height: content.height ?? null });
        } else if (kind === "video") {
          this.addMedia({ url: content.url, type: "video", preview: thumbnail?.url ?? null, width: content.width ?? null, height: content.height ?? null });
        }
        if (kind === "video" || kind === "audio") {
          this.addAttachment({ url: content.url, mimeType: content.type ?? null, size: content.fileSize ?? null, duration: content.duration ?? null });
        }
      }
      if (!group.contents?.length && thumbnail) {
        this.addMedia({ url: thumbnail.url, type: "photo", width: thumbnail.width ?? null, height: thumbnail.height ?? null });
      }
    }
  }

  /** The first images of the entry's HTML, when the feed declares no picture of its own. */
  addImagesFromHtml(html: string | null, limit = 8) {
    if (!html || this.media.some((item) => item.type === "photo")) return;
    const IMG = /<img\b[^>]*?\ssrc\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))[^>]*>/gi;
    let match: RegExpExecArray | null;
    let added = 0;
    while ((match = IMG.exec(html)) && added < limit) {
      const tag = match[0];
      const width = Number(/\swidth\s*=\s*["']?(\d+)/i.exec(tag)?.[1] ?? 0);
      const height = Number(/\sheight\s*=\s*["']?(\d+)/i.exec(tag)?.[1] ?? 0);
      // Tracking pixels and spacers are not pictures.
      if ((width > 0 && width <= 2) || (height > 0 && height <= 2)) continue;
      const src = (match[1] ?? match[2] ?? match[3] ?? "").replace(/&amp;/g, "&");
      if (src.startsWith("data:")) continue;
      const before = this.media.length;
      this.addMedia({ url: src, type: "photo", width, height });
      if (this.media.length > before) added++;
    }
  }
}

/** Whether a media URL is a photo, a video or audio, from the medium, the MIME type or the extension. */
export function mediaKind(medium?: string, mime?: string, url?: string): "photo" | "video" | "audio" | null {
  const m = medium?.toLowerCase();
  if (m === "image") return "photo";
  if (m === "video") return "video";
  if (m === "audio") return "audio";
  const type = mime?.toLowerCase() ?? "";
  if (type.startsWith("image/")) return "photo";
  if (type.startsWith("video/") || type === "application/x-shockwave-flash") return "video";
  if (type.startsWith("audio/")) return "audio";
  const path = url?.toLowerCase().split(/[?#]/)[0] ?? "";
  if (/\.(jpe?g|png|gif|webp|avif|svg)$/.test(path)) return "photo";
  if (/\.(mp4|webm|m4v|mov|m3u8)$/.test(path)) return "video";
  if (/\.(mp3|m4a|aac|ogg|oga|opus|wav|flac)$/.test(path)) return "audio";
  return null;
}
