/** Pixels whose alpha is below this are background, not colour. */
const OPAQUE = 128;
/** Colours closer than this (RGB distance) are one colour. */
const SAME = 48;

const hex = (r: number, g: number, b: number) => `#${[r, g, b].map((c) => Math.round(c).toString(16).padStart(2, "0")).join("")}`;

/**
 * The dominant colours of RGBA pixels, most common first: pixels grouped into 4-bit-per-channel
 * buckets, each bucket its average, buckets near an earlier one merged into it, those under 2 % of
 * the visible pixels dropped (the first one stays whatever its share).
 */
export function dominantColors(rgba: Uint8Array, count = 5): string[] {
  const buckets = new Map<number, { n: number; r: number; g: number; b: number }>();
  let visible = 0;
  for (let i = 0; i + 3 < rgba.length; i += 4) {
    if (rgba[i + 3]! < OPAQUE) continue;
    const [r, g, b] = [rgba[i]!, rgba[i + 1]!, rgba[i + 2]!];
    const key = ((r >> 4) << 8) | ((g >> 4) << 4) | (b >> 4);
    const bucket = buckets.get(key) ?? { n: 0, r: 0, g: 0, b: 0 };
    bucket.n++;
    bucket.r += r;
    bucket.g += g;
    bucket.b += b;
    buckets.set(key, bucket);
    visible++;
  }
  const chosen: { n: number; r: number; g: number; b: number }[] = [];
  for (const bucket of [...buckets.values()].sort((a, b) => b.n - a.n)) {
    const mean = { n: bucket.n, r: bucket.r / bucket.n, g: bucket.g / bucket.n, b: bucket.b / bucket.n };
    const near = chosen.find((c) => Math.hypot(c.r - mean.r, c.g - mean.g, c.b - mean.b) < SAME);
    if (near) near.n += mean.n;
    else chosen.push(mean);
  }
  return chosen
    .sort((a, b) => b.n - a.n)
    .filter((c, i) => i === 0 || c.n >= visible * 0.02)
    .slice(0, count)
    .map((c) => hex(c.r, c.g, c.b));
}
