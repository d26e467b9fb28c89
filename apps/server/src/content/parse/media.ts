import type { EntryAttachment, EntryMedia } from "../../db/schema/entries.ts";
import { absoluteUrl } from "./urls.ts";
import { childrenNamed } from "./xml-nodes.ts";
import type { XmlElement } from "./xml-tree.ts";

/** The media:content and media:thumbnail elements of an entry or of one media:group. */
export interface MediaGroup {
  contents: XmlElement[];
  thumbnails: XmlElement[];
}

const mediaGroup = (group: XmlElement): MediaGroup => ({
  contents: childrenNamed(group, "media:content"),
  thumbnails: childrenNamed(group, "media:thumbnail"),
});

/** A numeric attribute ("640", " 1.5 "), or null. */
export function numberAttribute(element: XmlElement, name: string): number | null {
  const value = element.attrs[name];
  if (!value) return null;
  const number = Number(value.trim());
  return Number.isFinite(number) ? number : null;
}

/** Collects media and attachments for one entry, dropping duplicates by URL. */
export class MediaCollector {
  readonly media: EntryMedia[] = [];
  readonly attachments: EntryAttachment[] = [];
  private readonly base: string | null;

  constructor(base: string | null) {
    this.base = base;
  }

  addMedia(
    item: { url: string | null | undefined; type: "photo" | "video"; preview?: string | null; width?: number | null; height?: number | null },
    base = this.base,
  ) {
    const url = absoluteUrl(item.url, base);
    // An entry has a handful of media at most: a scan beats a Set.
    if (!url || this.media.some((media) => media.url === url)) return;
    const entry: EntryMedia = { url, type: item.type };
    const preview = absoluteUrl(item.preview, base);
    if (preview) entry.preview_image_url = preview;
    if (item.width && item.width > 0) entry.width = Math.round(item.width);
    if (item.height && item.height > 0) entry.height = Math.round(item.height);
    this.media.push(entry);
  }

  addAttachment(item: { url: string | null | undefined; mimeType?: string | null; size?: number | null; duration?: number | null; title?: string | null }) {
    const url = absoluteUrl(item.url, this.base);
    if (!url || this.attachments.some((attachment) => attachment.url === url)) return;
    const entry: EntryAttachment = { url };
    const mime = item.mimeType?.trim().toLowerCase();
    if (mime) entry.mime_type = mime;
    if (item.size && Number.isFinite(item.size) && item.size > 0) entry.size_in_bytes = Math.round(item.size);
    if (item.duration && Number.isFinite(item.duration) && item.duration > 0) entry.duration_in_seconds = Math.round(item.duration);
    if (item.title?.trim()) entry.title = item.title.trim();
    this.attachments.push(entry);
    if (mime?.startsWith("image/")) this.addMedia({ url, type: "photo" });
  }

  /**
   * Media RSS: `media:content` (alone or in `media:group`s) and `media:thumbnail`. `item` holds
   * the entry's own media:content and media:thumbnail elements; a group without a thumbnail
   * borrows the entry's.
   */
  addMediaRss(item: MediaGroup, groups: XmlElement[]) {
    const all = [item, ...groups.map(mediaGroup)];
    for (const group of all) {
      const thumbnail = group.thumbnails[0] ?? item.thumbnails[0];
      for (const content of group.contents) {
        const url = content.attrs.url;
        const kind = mediaKind(content.attrs.medium, content.attrs.type, url);
        const width = numberAttribute(content, "width");
        const height = numberAttribute(content, "height");
        if (kind === "photo") {
          this.addMedia({ url, type: "photo", width, height });
        } else if (kind === "video") {
          this.addMedia({ url, type: "video", preview: thumbnail?.attrs.url ?? null, width, height });
        }
        if (kind === "video" || kind === "audio") {
          this.addAttachment({ url, mimeType: content.attrs.type ?? null, size: numberAttribute(content, "filesize"), duration: numberAttribute(content, "duration") });
        }
      }
      if (group.contents.length === 0 && thumbnail) {
        this.addMedia({ url: thumbnail.attrs.url, type: "photo", width: numberAttribute(thumbnail, "width"), height: numberAttribute(thumbnail, "height") });
      }
    }
  }

  /**
   * The first images of the entry's HTML, when the feed declares no picture of its own; `base`
   * is the HTML's (the content's xml:base may differ from the entry's).
   */
  addImagesFromHtml(html: string | null, base = this.base, limit = 8) {
    if (!html || this.media.some((item) => item.type === "photo")) return;
    const tags = new ImgTags(html);
    let added = 0;
    for (let at = tags.next(0); at !== -1 && added < limit; at = tags.next(at + 1)) {
      IMG.lastIndex = at;
      const match = IMG.exec(html);
      if (!match) continue;
      at = IMG.lastIndex - 1;
      const tag = match[0];
      const width = Number(/\swidth\s*=\s*["']?(\d+)/i.exec(tag)?.[1] ?? 0);
      const height = Number(/\sheight\s*=\s*["']?(\d+)/i.exec(tag)?.[1] ?? 0);
      // Tracking pixels and spacers are not pictures.
      if ((width > 0 && width <= 2) || (height > 0 && height <= 2)) continue;
      const src = (match[1] ?? match[2] ?? match[3] ?? "").replace(/&amp;/g, "&");
      if (src.startsWith("data:")) continue;
      const before = this.media.length;
      this.addMedia({ url: src, type: "photo", width, height }, base);
      if (this.media.length > before) added++;
    }
  }
}

/** An `<img>` tag with its src, read where {@link ImgTags} found one. */
const IMG = /<img\b[^>]*?\ssrc\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))[^>]*>/iy;

/**
 * The starts of `<img` in any case, in order: found with indexOf, which runs much faster over
 * a long article than a case-insensitive regular expression.
 */
class ImgTags {
  private readonly html: string;
  private lower: number;
  private upper: number;

  constructor(html: string) {
    this.html = html;
    this.lower = html.indexOf("<i");
    this.upper = html.indexOf("<I");
  }

  /** The first start at or after `from`, or -1. */
  next(from: number): number {
    const html = this.html;
    while (this.lower !== -1 && this.lower < from) this.lower = html.indexOf("<i", from);
    while (this.upper !== -1 && this.upper < from) this.upper = html.indexOf("<I", from);
    while (this.lower !== -1 || this.upper !== -1) {
      let at: number;
      if (this.upper === -1 || (this.lower !== -1 && this.lower < this.upper)) {
        at = this.lower;
        this.lower = html.indexOf("<i", at + 2);
      } else {
        at = this.upper;
        this.upper = html.indexOf("<I", at + 2);
      }
      if ((html.charCodeAt(at + 2) | 0x20) === 0x6d /* m */ && (html.charCodeAt(at + 3) | 0x20) === 0x67 /* g */) return at;
    }
    return -1;
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
