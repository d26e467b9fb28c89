import sharp from "sharp";

type Colour = { r: number; g: number; b: number };
const RED: Colour = { r: 255, g: 0, b: 0 };

/** A solid PNG, or two colours side by side (`colour`, and `second` on the right third) when `second` is given. */
export async function png(width: number, height: number, colour: Colour = RED, second?: Colour): Promise<Buffer> {
  const base = sharp({ create: { width, height, channels: 4, background: { ...colour, alpha: 1 } } });
  if (!second) return base.png().toBuffer();
  const third = await sharp({ create: { width: Math.floor(width / 3), height, channels: 4, background: { ...second, alpha: 1 } } }).png().toBuffer();
  return base.composite([{ input: third, left: width - Math.floor(width / 3), top: 0 }]).png().toBuffer();
}

export async function jpeg(width: number, height: number, colour: Colour = RED): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: colour } }).jpeg({ quality: 90 }).toBuffer();
}

/** An animated GIF of `frames` solid frames. */
export async function animatedGif(width: number, height: number, frames: number): Promise<Buffer> {
  const colours = [RED, { r: 0, g: 255, b: 0 }, { r: 0, g: 0, b: 255 }];
  const images = await Promise.all(Array.from({ length: frames }, (_, i) => png(width, height, colours[i % colours.length])));
  return sharp(images, { join: { animated: true } }).gif({ delay: 100, loop: 0 }).toBuffer();
}

/** An SVG 20 × 10 user units, blue, with a script that must never reach a browser. */
export const SVG = Buffer.from(
  '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="20" height="10" viewBox="0 0 20 10"><script>alert(1)</script><rect width="20" height="10" fill="#0000ff"/></svg>',
);

/** An icon file whose entries are the given PNGs and 32-bit bitmaps (`{bmp: [w, h, colour]}`). */
export function ico(entries: ({ png: Buffer; size: number } | { bmp: [number, number, Colour] })[]): Buffer {
  const images = entries.map((entry) => ("png" in entry ? { data: entry.png, w: entry.size, h: entry.size, bits: 32 } : { data: bitmap(...entry.bmp), w: entry.bmp[0], h: entry.bmp[1], bits: 32 }));
  const header = Buffer.alloc(6 + 16 * images.length);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(images.length, 4);
  let offset = header.length;
  images.forEach((image, i) => {
    const at = 6 + i * 16;
    header[at] = image.w >= 256 ? 0 : image.w;
    header[at + 1] = image.h >= 256 ? 0 : image.h;
    header.writeUInt16LE(1, at + 4);
    header.writeUInt16LE(image.bits, at + 6);
    header.writeUInt32LE(image.data.length, at + 8);
    header.writeUInt32LE(offset, at + 12);
    offset += image.data.length;
  });
  return Buffer.concat([header, ...images.map((image) => image.data)]);
}

/** A 32-bit DIB as icons hold it (height doubled for the AND mask, rows bottom-up, alpha 0). */
function bitmap(width: number, height: number, colour: Colour): Buffer {
  const header = Buffer.alloc(40);
  header.writeUInt32LE(40, 0);
  header.writeInt32LE(width, 4);
  header.writeInt32LE(height * 2, 8);
  header.writeUInt16LE(1, 12);
  header.writeUInt16LE(32, 14);
  const pixels = Buffer.alloc(width * height * 4);
  for (let i = 0; i < width * height; i++) pixels.set([colour.b, colour.g, colour.r, 0], i * 4);
  const maskRow = Math.floor((width + 31) / 32) * 4;
  const mask = Buffer.alloc(maskRow * height);
  // The top-left pixel is transparent by the mask (rows are bottom-up: the last row is the top).
  mask[(height - 1) * maskRow] = 0x80;
  return Buffer.concat([header, pixels, mask]);
}

/** Width, height, format and frames of encoded image bytes. */
export async function inspect(bytes: Buffer | ArrayBuffer) {
  const metadata = await sharp(Buffer.from(bytes as ArrayBuffer)).metadata();
  return { width: metadata.width, height: metadata.pageHeight ?? metadata.height, format: metadata.format, pages: metadata.pages ?? 1 };
}
