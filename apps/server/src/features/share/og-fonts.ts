import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Font } from "satori";
import { woffToSfnt } from "./og-woff.ts";

/**
 * The fonts of generated share images: Noto Sans, regular and bold. Latin and Latin Extended are
 * always loaded (~190 KB); every other subset (Cyrillic, Greek, Vietnamese, Devanagari, and the
 * ~100 subsets of Noto Sans SC for Chinese and Japanese) is read from disk the first time a text
 * needs one of its characters, and kept. Each subset is a family of its own: satori falls back
 * from family to family per character, but would use only one file of a family and weight.
 */
export interface FontLibrary {
  /** The Latin fonts, always the same array: satori keeps one font loader per array. */
  base: Font[];
  /**
   * For satori's `loadAdditionalAsset`, asked for the characters its fonts lack: the subsets that
   * draw them, each handed over once (satori adds them to the loader of `base` for good).
   * Layouts must not overlap, or one could be told "handed over" before the other has it.
   */
  additional(segment: string): Font[];
  /** `text` without the characters no font here draws (emoji, other scripts), which would show as boxes. */
  drawable(text: string): string;
}

const require = createRequire(import.meta.url);
const WEIGHTS = [400, 700] as const;
const BASE = ["latin", "latin-ext"];
const EXTRA = ["cyrillic", "cyrillic-ext", "greek", "greek-ext", "vietnamese", "devanagari"];

interface Subset {
  family: string;
  file: (weight: number) => string;
  fonts?: Font[];
}

/** "U+0460-052F,U+20B4" → [[0x460, 0x52f], [0x20b4, 0x20b4]] */
function parseRanges(value: string): [number, number][] {
  return value.split(",").map((part) => {
    const [from = "0", to] = part.trim().replace(/^U\+/i, "").split("-");
    return [parseInt(from, 16), parseInt(to ?? from, 16)];
  });
}

function readRanges(pkg: string): Record<string, string> {
  return JSON.parse(readFileSync(require.resolve(`${pkg}/unicode.json`), "utf8")) as Record<string, string>;
}

function load(subset: Subset): Font[] {
  subset.fonts ??= WEIGHTS.map((weight) => {
    const bytes = woffToSfnt(readFileSync(require.resolve(subset.file(weight))));
    return { name: subset.family, data: bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer, weight, style: "normal" };
  });
  return subset.fonts;
}

/** Reads the Latin fonts and the subsets' character ranges (not their files) now. */
export function createFontLibrary(): FontLibrary {
  const sans = readRanges("@fontsource/noto-sans");
  const sc = readRanges("@fontsource/noto-sans-sc");
  const base = BASE.map((name) => ({ family: name === "latin" ? "Noto Sans" : `Noto Sans ${name}`, file: (weight: number) => `@fontsource/noto-sans/files/noto-sans-${name}-${weight}-normal.woff` }));
  const baseFonts = base.flatMap(load);
  const baseRanges = BASE.flatMap((name) => parseRanges(sans[name] ?? ""));

  // Every range of every other subset, sorted, for a binary search per character.
  const table: [from: number, to: number, subset: Subset][] = [];
  const add = (subset: Subset, ranges: string | undefined) => {
    for (const [from, to] of parseRanges(ranges ?? "")) table.push([from, to, subset]);
  };
  for (const name of EXTRA) add({ family: `Noto Sans ${name}`, file: (weight) => `@fontsource/noto-sans/files/noto-sans-${name}-${weight}-normal.woff` }, sans[name]);
  for (const [key, ranges] of Object.entries(sc)) {
    const id = /^\[(\d+)\]$/.exec(key)?.[1];
    if (id) add({ family: `Noto Sans SC ${id}`, file: (weight) => `@fontsource/noto-sans-sc/files/noto-sans-sc-${id}-${weight}-normal.woff` }, ranges);
  }
  table.sort((a, b) => a[0] - b[0]);

  const inBase = (code: number) => baseRanges.some(([from, to]) => code >= from && code <= to);
  const subsetOf = (code: number): Subset | null => {
    let low = 0;
    let high = table.length - 1;
    while (low <= high) {
      const middle = (low + high) >> 1;
      const [from, to, subset] = table[middle]!;
      if (code < from) high = middle - 1;
      else if (code > to) low = middle + 1;
      else return subset;
    }
    return null;
  };
  const drawn = (code: number) => code === 0x0a || inBase(code) || subsetOf(code) !== null;

  const handed = new Set<Subset>();
  return {
    base: baseFonts,
    additional(segment) {
      const needed = new Set<Subset>();
      for (const char of segment) {
        const code = char.codePointAt(0)!;
        const subset = inBase(code) ? null : subsetOf(code);
        if (subset && !handed.has(subset)) needed.add(subset);
      }
      for (const subset of needed) handed.add(subset);
      return [...needed].flatMap(load);
    },
    drawable(text) {
      let out = "";
      for (const char of text) if (drawn(char.codePointAt(0)!)) out += char;
      return out.replace(/[ \t]{2,}/g, " ").trim();
    },
  };
}
