/** The image formats the proxy recognises, by their first bytes (never by name or Content-Type). */
export type ImageFormat = "png" | "jpeg" | "gif" | "webp" | "avif" | "svg" | "ico" | "bmp" | "tiff";

/** Formats every browser shows and no script can ride in: the proxy may pass them through unchanged. */
const PASS_THROUGH = ["png", "jpeg", "gif", "webp", "avif"] as const;

/** The format, when an image of it may be served as it came; null when it must be converted. */
export function passThrough(format: ImageFormat): (typeof PASS_THROUGH)[number] | null {
  return (PASS_THROUGH as readonly string[]).includes(format) ? (format as (typeof PASS_THROUGH)[number]) : null;
}

const startsWith = (bytes: Uint8Array, prefix: number[]) => bytes.length >= prefix.length && prefix.every((byte, i) => bytes[i] === byte);

function ascii(bytes: Uint8Array, offset: number, text: string): boolean {
  if (bytes.length < offset + text.length) return false;
  for (let i = 0; i < text.length; i++) if (bytes[offset + i] !== text.charCodeAt(i)) return false;
  return true;
}

// An SVG document: optional BOM, XML declaration, comments and doctype, then the <svg> element.
const SVG_START = /^\uFEFF?\s*(?:<\?xml[^>]*>\s*)?(?:(?:<!--[\s\S]*?-->|<!DOCTYPE[^>]*>)\s*)*<svg[\s>/]/i;

/** The format of an image in `bytes`, or null when it is none the proxy reads. */
export function sniffImage(bytes: Uint8Array): ImageFormat | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "png";
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "jpeg";
  if (ascii(bytes, 0, "GIF87a") || ascii(bytes, 0, "GIF89a")) return "gif";
  if (ascii(bytes, 0, "RIFF") && ascii(bytes, 8, "WEBP")) return "webp";
  if (ascii(bytes, 4, "ftyp") && (ascii(bytes, 8, "avif") || ascii(bytes, 8, "avis"))) return "avif";
  // ICONDIR: reserved 0, type 1 (icon), at least one image.
  if (startsWith(bytes, [0, 0, 1, 0]) && bytes.length >= 22 && bytes[4]! + bytes[5]! * 256 > 0) return "ico";
  if (ascii(bytes, 0, "BM") && bytes.length > 26) return "bmp";
  if (startsWith(bytes, [0x49, 0x49, 0x2a, 0]) || startsWith(bytes, [0x4d, 0x4d, 0, 0x2a])) return "tiff";
  if (SVG_START.test(Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.length, 4096)).toString("utf8"))) return "svg";
  return null;
}
