/**
 * Icons (`.ico`), which libvips does not read: the largest picture of the file, as the PNG it
 * holds or decoded from its bitmap (1, 4, 8, 24 or 32 bits per pixel, with the AND mask), so
 * favicons can be resized and measured like any other image.
 */
export type IconPicture =
  | { kind: "png"; width: number; height: number; png: Buffer }
  | { kind: "raw"; width: number; height: number; rgba: Buffer };

interface DirectoryEntry {
  width: number;
  height: number;
  bitCount: number;
  offset: number;
  size: number;
}

function entries(bytes: Buffer): DirectoryEntry[] {
  const count = bytes.readUInt16LE(4);
  const list: DirectoryEntry[] = [];
  for (let i = 0; i < count && 6 + (i + 1) * 16 <= bytes.length; i++) {
    const at = 6 + i * 16;
    const entry = {
      width: bytes[at] || 256,
      height: bytes[at + 1] || 256,
      bitCount: bytes.readUInt16LE(at + 6),
      size: bytes.readUInt32LE(at + 8),
      offset: bytes.readUInt32LE(at + 12),
    };
    if (entry.size > 0 && entry.offset + entry.size <= bytes.length) list.push(entry);
  }
  return list;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The largest picture of an icon file (the deepest colour among equals), or null if none reads. */
export function largestIconPicture(bytes: Buffer): IconPicture | null {
  const sorted = entries(bytes).sort((a, b) => b.width * b.height - a.width * a.height || b.bitCount - a.bitCount);
  for (const entry of sorted) {
    const data = bytes.subarray(entry.offset, entry.offset + entry.size);
    if (data.subarray(0, 8).equals(PNG_SIGNATURE)) {
      // The PNG's own header is the truth; the directory's bytes are 0 for 256 and often wrong.
      return { kind: "png", width: data.length >= 24 ? data.readUInt32BE(16) : entry.width, height: data.length >= 24 ? data.readUInt32BE(20) : entry.height, png: Buffer.from(data) };
    }
    const raw = decodeBitmap(data);
    if (raw) return raw;
  }
  return null;
}

/** A DIB as icons store it: BITMAPINFOHEADER, palette, bottom-up XOR rows, then the AND mask. */
function decodeBitmap(data: Buffer): IconPicture | null {
  if (data.length < 40) return null;
  const headerSize = data.readUInt32LE(0);
  const width = data.readInt32LE(4);
  const height = Math.floor(Math.abs(data.readInt32LE(8)) / 2);
  const bitCount = data.readUInt16LE(14);
  const compression = data.readUInt32LE(16);
  if (headerSize < 40 || width <= 0 || width > 1024 || height <= 0 || height > 1024 || compression !== 0 || ![1, 4, 8, 24, 32].includes(bitCount)) return null;
  const colours = bitCount <= 8 ? data.readUInt32LE(32) || 1 << bitCount : 0;
  const paletteAt = headerSize;
  const pixelsAt = paletteAt + colours * 4;
  const rowBytes = Math.floor((bitCount * width + 31) / 32) * 4;
  const maskAt = pixelsAt + rowBytes * height;
  const maskRowBytes = Math.floor((width + 31) / 32) * 4;
  if (maskAt > data.length) return null;
  const hasMask = maskAt + maskRowBytes * height <= data.length;
  const rgba = Buffer.alloc(width * height * 4);
  let anyAlpha = false;
  for (let y = 0; y < height; y++) {
    const row = pixelsAt + (height - 1 - y) * rowBytes;
    for (let x = 0; x < width; x++) {
      const out = (y * width + x) * 4;
      let b: number, g: number, r: number, a = 255;
      if (bitCount === 32 || bitCount === 24) {
        const at = row + x * (bitCount / 8);
        [b, g, r] = [data[at]!, data[at + 1]!, data[at + 2]!];
        if (bitCount === 32) {
          a = data[at + 3]!;
          if (a) anyAlpha = true;
        }
      } else {
        const bit = x * bitCount;
        const index = (data[row + (bit >> 3)]! >> (8 - bitCount - (bit & 7))) & ((1 << bitCount) - 1);
        const at = paletteAt + Math.min(index, colours - 1) * 4;
        [b, g, r] = [data[at]!, data[at + 1]!, data[at + 2]!];
      }
      rgba[out] = r;
      rgba[out + 1] = g;
      rgba[out + 2] = b;
      rgba[out + 3] = a;
    }
  }
  // A 32-bit bitmap whose alpha is all zero has none: opaque, as for the shallower ones.
  if (bitCount === 32 && !anyAlpha) for (let i = 3; i < rgba.length; i += 4) rgba[i] = 255;
  // The AND mask makes pixels transparent, unless a 32-bit bitmap carries its own alpha.
  if (hasMask && !(bitCount === 32 && anyAlpha)) {
    for (let y = 0; y < height; y++) {
      const row = maskAt + (height - 1 - y) * maskRowBytes;
      for (let x = 0; x < width; x++) {
        if ((data[row + (x >> 3)]! >> (7 - (x & 7))) & 1) rgba[(y * width + x) * 4 + 3] = 0;
      }
    }
  }
  return { kind: "raw", width, height, rgba };
}
