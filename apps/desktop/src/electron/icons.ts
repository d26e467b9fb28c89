/**
 * A round dot drawn in code, as raw BGRA pixels for `nativeImage.createFromBitmap`: the Windows
 * taskbar's unread overlay, and the tray's icon when the app icon file is missing. No file to
 * ship or lose.
 */
export function dotBitmap(size: number, rgb: readonly [number, number, number]): Buffer {
  const pixels = Buffer.alloc(size * size * 4);
  const centre = (size - 1) / 2;
  const radius = size / 2;
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      // Coverage of the pixel by the disc, softened over one pixel so the edge is not jagged.
      const coverage = Math.max(0, Math.min(1, radius - Math.hypot(x - centre, y - centre)));
      const at = (y * size + x) * 4;
      pixels[at] = rgb[2];
      pixels[at + 1] = rgb[1];
      pixels[at + 2] = rgb[0];
      pixels[at + 3] = Math.round(coverage * 255);
    }
  }
  return pixels;
}

/** The overlay's red, and the app's orange (the first-run page's button). */
export const BADGE_RED = [220, 38, 38] as const;
export const APP_ORANGE = [255, 92, 0] as const;
