import iconv from "iconv-lite";
import { guessCjk } from "./decode-guess-cjk.ts";

// Enough text to judge by; a whole multi-megabyte feed would only cost time.
const SAMPLE_BYTES = 64 * 1024;

// Non-Latin single-byte scripts, each with the letters that make up about half of ordinary prose in its
// language. Read in the wrong table, the same bytes turn into other (or upper-case) letters and miss the set.
const SCRIPTS: ReadonlyArray<readonly [encoding: string, frequentLetters: string]> = [
  ["koi8-r", "оеаинтсрвл"],
  ["windows-1251", "оеаинтсрвл"],
  ["windows-1255", "יוהלמארבתש"],
  ["windows-874", "านรอกเงมย่้ัิ"],
  ["iso-8859-7", "αοιετσνηυρ"],
];

const MIN_HIGH_BYTES = 8;
// Latin text has a lone accented letter among ASCII ones ("café"); these scripts have whole words of high bytes.
const MIN_RUN_SHARE = 0.5;
const MIN_LETTER_SHARE = 0.3;

// Cutting the sample after a space, newline or "<" never splits a character: no encoding here uses those
// bytes inside a multi-byte sequence.
function sampleOf(bytes: Uint8Array): Uint8Array {
  if (bytes.length <= SAMPLE_BYTES) return bytes;
  const window = bytes.subarray(0, SAMPLE_BYTES);
  const cut = Math.max(window.lastIndexOf(0x20), window.lastIndexOf(0x0a), window.lastIndexOf(0x3c));
  return cut > 0 ? window.subarray(0, cut + 1) : window;
}

/** Share of the bytes ≥ 0x80 that stand in a run of at least three of them, and how many there are. */
function highByteRuns(bytes: Uint8Array): { high: number; runShare: number } {
  let high = 0;
  let inRuns = 0;
  let run = 0;
  for (let i = 0; i <= bytes.length; i++) {
    if ((bytes[i] ?? 0) >= 0x80) {
      run++;
      continue;
    }
    high += run;
    if (run >= 3) inRuns += run;
    run = 0;
  }
  return { high, runShare: high === 0 ? 0 : inRuns / high };
}

function guessSingleByte(sample: Uint8Array): string | null {
  const { high, runShare } = highByteRuns(sample);
  if (high < MIN_HIGH_BYTES || runShare < MIN_RUN_SHARE) return null;
  const highOnly = sample.filter((b) => b >= 0x80);
  let bestName: string | null = null;
  let bestShare = MIN_LETTER_SHARE;
  for (const [encoding, frequent] of SCRIPTS) {
    let hits = 0;
    for (const char of iconv.decode(highOnly, encoding)) if (frequent.includes(char)) hits++;
    const share = hits / highOnly.length;
    if (share > bestShare) [bestName, bestShare] = [encoding, share];
  }
  return bestName;
}

/**
 * The legacy encoding undeclared, non-UTF-8 bytes are most plausibly in (a CJK multi-byte encoding, or a
 * Cyrillic, Hebrew, Thai or Greek single-byte one), or `null` when nothing stands out — then the caller's
 * windows-1252 default applies. Deliberately conservative: a wrong guess garbles a Latin feed that the default
 * would have decoded correctly, so each guess needs the text to look like real prose in that encoding.
 */
export function guessLegacyEncoding(bytes: Uint8Array): string | null {
  const sample = sampleOf(bytes);
  return guessCjk(sample) ?? guessSingleByte(sample);
}
