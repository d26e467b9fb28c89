import type { EntryAttachment } from "@tidings/contracts";

const AUDIO_EXTENSIONS = /\.(mp3|m4a|aac|ogg|oga|opus|wav|flac)(\?|#|$)/i;
/** Spec §2: mp4 and webm are the video extensions recognised. */
const VIDEO_EXTENSIONS = /\.(mp4|webm)(\?|#|$)/i;

/** What the reader does with an attachment: play it in the audio bar, show a video player, or list it. */
export function attachmentKind(attachment: EntryAttachment): "audio" | "video" | "file" {
  const mime = attachment.mime_type?.toLowerCase() ?? "";
  if (mime.startsWith("audio/")) return "audio";
  if (mime.startsWith("video/")) return "video";
  let path = attachment.url;
  try {
    path = new URL(attachment.url).pathname;
  } catch {
    // Not an absolute URL: test it as it is.
  }
  if (AUDIO_EXTENSIONS.test(path)) return "audio";
  if (VIDEO_EXTENSIONS.test(path)) return "video";
  return "file";
}

const SIZE_UNITS = ["byte", "kilobyte", "megabyte", "gigabyte"] as const;

/** 1536 → "1.5 kB": sizes in the largest unit under 1024 of it. */
export function formatBytes(bytes: number, locale?: string): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < SIZE_UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  return new Intl.NumberFormat(locale, { style: "unit", unit: SIZE_UNITS[unit], unitDisplay: "short", maximumFractionDigits: unit === 0 ? 0 : 1 }).format(value);
}

/** The file name of a URL, for attachments without a title. */
export function fileName(url: string): string {
  try {
    const name = decodeURIComponent(new URL(url).pathname.split("/").filter(Boolean).at(-1) ?? "");
    return name || url;
  } catch {
    return url;
  }
}
