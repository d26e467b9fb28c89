// Guesses the CJK multi-byte encoding of undeclared text from its byte structure alone. Each encoding's code
// table is laid out by frequency or script (GB2312 puts its 3,755 most common hanzi in rows B0–D7, Big5 its
// 5,401 common ones in A440–C67E, EUC-KR its Hangul in rows B0–C8, JIS its kana in rows 4–5 and its common
// kanji in rows 16–47), so real text in the right encoding lands almost only in those "good" areas, while the
// same bytes read in a wrong encoding break its syntax or scatter over rare and unassigned code points.

type Class = "good" | "kana" | "neutral" | "other" | "invalid";
type Step = (bytes: Uint8Array, i: number) => readonly [length: number, cls: Class];

const INVALID = [1, "invalid"] as const;

const inRange = (b: number | undefined, low: number, high: number): boolean => b !== undefined && b >= low && b <= high;

const gb18030: Step = (bytes, i) => {
  const [b0 = 0, b1, b2, b3] = bytes.subarray(i, i + 4);
  if (!inRange(b0, 0x81, 0xfe)) return INVALID;
  if (inRange(b1, 0x30, 0x39)) return inRange(b2, 0x81, 0xfe) && inRange(b3, 0x30, 0x39) ? [4, "other"] : INVALID;
  if (!inRange(b1, 0x40, 0x7e) && !inRange(b1, 0x80, 0xfe)) return INVALID;
  if (!inRange(b1, 0xa1, 0xfe)) return [2, "other"];
  if (inRange(b0, 0xa1, 0xa3)) return [2, "neutral"];
  return [2, inRange(b0, 0xb0, 0xd7) ? "good" : "other"];
};

const big5: Step = (bytes, i) => {
  const [b0 = 0, b1] = bytes.subarray(i, i + 2);
  if (!inRange(b0, 0x81, 0xfe) || (!inRange(b1, 0x40, 0x7e) && !inRange(b1, 0xa1, 0xfe))) return INVALID;
  if (inRange(b0, 0xa1, 0xa3)) return [2, "neutral"];
  const common = inRange(b0, 0xa4, 0xc5) || (b0 === 0xc6 && inRange(b1, 0x40, 0x7e));
  return [2, common ? "good" : "other"];
};

// Strict EUC-KR: the cp949 extension (leads 81–A0) is left out on purpose, because Shift_JIS text happens to
// be valid cp949 and would otherwise read as Hangul.
const eucKr: Step = (bytes, i) => {
  const [b0 = 0, b1] = bytes.subarray(i, i + 2);
  if (!inRange(b0, 0xa1, 0xfe) || !inRange(b1, 0xa1, 0xfe)) return INVALID;
  if (inRange(b0, 0xa1, 0xa3)) return [2, "neutral"];
  return [2, inRange(b0, 0xb0, 0xc8) ? "good" : "other"];
};

const eucJp: Step = (bytes, i) => {
  const [b0 = 0, b1, b2] = bytes.subarray(i, i + 3);
  if (b0 === 0x8e) return inRange(b1, 0xa1, 0xdf) ? [2, "other"] : INVALID;
  if (b0 === 0x8f) return inRange(b1, 0xa1, 0xfe) && inRange(b2, 0xa1, 0xfe) ? [3, "other"] : INVALID;
  if (!inRange(b0, 0xa1, 0xfe) || !inRange(b1, 0xa1, 0xfe)) return INVALID;
  if (inRange(b0, 0xa1, 0xa3)) return [2, "neutral"];
  if (inRange(b0, 0xa4, 0xa5)) return [2, "kana"];
  return [2, inRange(b0, 0xb0, 0xcf) ? "good" : "other"];
};

const shiftJis: Step = (bytes, i) => {
  const [b0 = 0, b1 = 0] = bytes.subarray(i, i + 2);
  if (inRange(b0, 0xa1, 0xdf)) return [1, "other"]; // half-width katakana: legal, but rare in prose
  if (!inRange(b0, 0x81, 0x9f) && !inRange(b0, 0xe0, 0xfc)) return INVALID;
  if (!inRange(b1, 0x40, 0x7e) && !inRange(b1, 0x80, 0xfc)) return INVALID;
  const code = (b0 << 8) | b1;
  if (inRange(code, 0x829f, 0x82f1) || inRange(code, 0x8340, 0x8396)) return [2, "kana"];
  if (b0 === 0x81 || b0 === 0x82) return [2, "neutral"];
  return [2, inRange(code, 0x889f, 0x9872) ? "good" : "other"];
};

interface Tally {
  name: string;
  /** Share of the (non-neutral) characters that fall in the encoding's "good" areas. */
  score: number;
  /** Share of the (non-neutral) characters that are kana. */
  kana: number;
  goodCount: number;
  invalidShare: number;
}

function tally(name: string, step: Step, bytes: Uint8Array): Tally {
  const counts: Record<Class, number> = { good: 0, kana: 0, neutral: 0, other: 0, invalid: 0 };
  for (let i = 0; i < bytes.length; ) {
    if ((bytes[i] ?? 0) < 0x80) {
      i++;
      continue;
    }
    const [length, cls] = step(bytes, i);
    counts[cls]++;
    i += length;
  }
  const goodCount = counts.good + counts.kana;
  const judged = Math.max(1, goodCount + counts.other);
  const all = Math.max(1, judged + counts.neutral + counts.invalid);
  return { name, score: goodCount / judged, kana: counts.kana / judged, goodCount, invalidShare: counts.invalid / all };
}

// Tolerances: a stray broken sequence happens in real CJK feeds; too few characters prove nothing.
const MAX_INVALID_SHARE = 0.02;
const MIN_GOOD_CHARS = 4;
const MIN_SCORE = 0.8;
const MIN_KANA = 0.1;

const plausible = (t: Tally): boolean =>
  t.invalidShare <= MAX_INVALID_SHARE && t.goodCount >= MIN_GOOD_CHARS && t.score >= MIN_SCORE;

const best = (tallies: Tally[]): Tally | undefined => tallies.sort((a, b) => b.score - a.score)[0];

/**
 * The CJK encoding `sample` (bytes that are not valid UTF-8) is most plausibly in, or `null`. Korean is tried
 * first and Japanese next because Hangul-heavy or kana-bearing text cannot arise by misreading Chinese, while
 * Korean and Japanese bytes read as GB18030 or Big5 do look like Chinese characters.
 */
export function guessCjk(sample: Uint8Array): string | null {
  const korean = tally("euc-kr", eucKr, sample);
  if (plausible(korean)) return korean.name;
  const japanese = [tally("euc-jp", eucJp, sample), tally("shift_jis", shiftJis, sample)];
  const jp = best(japanese.filter((t) => plausible(t) && t.kana >= MIN_KANA));
  if (jp) return jp.name;
  const chinese = best([tally("gb18030", gb18030, sample), tally("big5", big5, sample)].filter(plausible));
  return chinese?.name ?? null;
}
