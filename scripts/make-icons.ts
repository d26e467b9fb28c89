// `node scripts/make-icons.ts`: the PNG icons of the installable web app (apps/web/public/icons/),
// drawn from the favicon, so one drawing stays the source. Run it again after favicon.svg changes
// and commit what it writes.
//   icon-<size>.png           purpose "any": the favicon as it is (rounded tile, clear corners);
//   maskable-<size>.png       purpose "maskable": a full-bleed tile, the mark inside the central
//                             80% circle that every launcher mask keeps;
//   apple-touch-icon.png      180 px, full-bleed (iOS rounds the corners itself and shows
//                             transparency as black).
import { mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { ROOT } from "./web-build.ts";

const PUBLIC = path.join(ROOT, "apps/web/public");
const OUT = path.join(PUBLIC, "icons");
const favicon = readFileSync(path.join(PUBLIC, "favicon.svg"), "utf8");

/** The favicon's tile (its first <rect>): its colour, and the mark drawn over it (everything after). */
const tile = /<rect\b[^>]*fill="(#[0-9a-f]{3,8})"[^>]*\/>/i.exec(favicon);
if (!tile) throw new Error("favicon.svg: expected a <rect fill=…> tile first");
const background = tile[1]!;
const mark = favicon.slice(tile.index + tile[0].length, favicon.lastIndexOf("</svg>"));
/** The mark's box in the favicon's 64-unit square (the strokes' round caps included). */
const MARK_BOX = { x: 11, y: 9, size: 44 };

/** The mark, scaled so its box spans `share` of the side, centred on a full-bleed tile. */
function fullBleed(share: number): string {
  const scale = (64 * share) / MARK_BOX.size;
  const offset = (axis: number) => 32 - (axis + MARK_BOX.size / 2) * scale;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="${background}"/><g transform="translate(${offset(MARK_BOX.x)} ${offset(MARK_BOX.y)}) scale(${scale})">${mark}</g></svg>`;
}

async function write(svg: string, size: number, name: string): Promise<void> {
  // Rendered at the target size from the vector (no upscaled bitmap), as an opaque-where-drawn PNG.
  await sharp(Buffer.from(svg), { density: (72 * size) / 64 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(path.join(OUT, name));
  console.log(`wrote apps/web/public/icons/${name}`);
}

mkdirSync(OUT, { recursive: true });
// A box spanning half the side has its corners at 0.35 of the side from the centre: inside the
// 0.4 radius of the maskable safe zone.
const maskable = fullBleed(0.5);
for (const size of [192, 512]) {
  await write(favicon, size, `icon-${size}.png`);
  await write(maskable, size, `maskable-${size}.png`);
}
await write(fullBleed(0.62), 180, "apple-touch-icon.png");
