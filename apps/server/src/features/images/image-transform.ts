import type { default as sharpFactory, Sharp, SharpOptions } from "sharp";
import { largestIconPicture } from "./ico.ts";
import { dominantColors } from "./image-colors.ts";
import type { ImageFormat } from "../../content/image-sniff.ts";

/** Larger images are refused before they are decoded (40 MP: a 7,700 × 5,200 photo). */
export const MAX_INPUT_PIXELS = 40_000_000;
/** Widest answer (also the cap of images rasterised without a width asked). */
export const MAX_WIDTH = 2560;
/** WebP's own limit on either side. */
const WEBP_MAX_SIDE = 16_383;

/** Fetched bytes and what they are. */
export interface SourceImage {
  bytes: Buffer;
  format: ImageFormat;
}

/** A rendered answer: WebP bytes. */
export interface RenderedImage {
  bytes: Buffer;
  ext: "webp";
}

type SharpFactory = typeof sharpFactory;
let loading: Promise<SharpFactory> | null = null;

/**
 * sharp (libvips, a few MB of native code) is loaded on the first image, not at start. Its
 * operation cache is off: a proxy rarely sees the same input twice, and the disk cache keeps outputs.
 */
function loadSharp(): Promise<SharpFactory> {
  loading ??= import("sharp").then((module) => {
    const sharp = module.default;
    sharp.cache(false);
    return sharp;
  });
  return loading;
}

const BASE: SharpOptions = { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error", sequentialRead: true };

/** A sharp pipeline over the source: icons decoded first, SVG rasterised at the density that gives `width`. */
async function open(source: SourceImage, options: { width: number | null; frames: "all" | "first" }): Promise<Sharp> {
  const sharp = await loadSharp();
  if (source.format === "ico") {
    const picture = largestIconPicture(source.bytes);
    if (!picture) throw new Error("the icon holds no picture that can be read");
    return picture.kind === "png" ? sharp(picture.png, BASE) : sharp(picture.rgba, { ...BASE, raw: { width: picture.width, height: picture.height, channels: 4 } });
  }
  if (source.format === "svg") {
    // Its declared size may be anything: the density below keeps the drawing within the limit.
    const declared = await sharp(source.bytes, { ...BASE, limitInputPixels: false }).metadata();
    const scale = options.width && declared.width ? options.width / declared.width : 1;
    // Never more pixels than a raster input may have.
    const bound = Math.sqrt(MAX_INPUT_PIXELS / Math.max(1, (declared.width ?? 1) * (declared.height ?? 1)));
    return sharp(source.bytes, { ...BASE, density: Math.max(1, Math.min(72 * scale, 72 * bound, 100_000)) });
  }
  const animated = options.frames === "all" && (source.format === "gif" || source.format === "webp");
  return sharp(source.bytes, { ...BASE, animated });
}

/**
 * The image as WebP, `width` pixels wide (never wider than it is, SVG excepted: it is drawn at
 * that width), or at most {@link MAX_WIDTH} when no width is asked. Animations stay animated.
 */
export async function renderImage(source: SourceImage, width: number | null): Promise<RenderedImage> {
  const image = (await open(source, { width, frames: "all" })).autoOrient();
  const bytes = await image
    .resize({ width: Math.min(width ?? MAX_WIDTH, MAX_WIDTH), height: WEBP_MAX_SIDE, fit: "inside", withoutEnlargement: source.format !== "svg" || width === null })
    .webp({ quality: 78, effort: 2 })
    .toBuffer();
  return { bytes, ext: "webp" };
}

/** Pixels of the original (one frame) and its dominant colours. */
export async function measureImage(source: SourceImage): Promise<{ width: number; height: number; colors: string[] }> {
  const image = await open(source, { width: null, frames: "first" });
  const metadata = await image.metadata();
  const width = metadata.autoOrient?.width ?? metadata.width;
  const height = metadata.autoOrient?.height ?? metadata.height;
  if (!width || !height) throw new Error("the image has no size");
  const pixels = await image.resize({ width: 48, height: 48, fit: "inside" }).ensureAlpha().raw().toBuffer();
  return { width, height, colors: dominantColors(pixels) };
}
