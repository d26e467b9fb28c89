// franc and its trigram tables (~6 MB resident): loaded by translations when first needed (ai-translation.ts).
import { franc } from "franc-min";

// franc answers ISO 639-3 codes; the tags' primary subtags are ISO 639-1 (or -3).
const ISO_639_3: Record<string, string> = {
  en: "eng", ja: "jpn", zh: "cmn", ko: "kor", fr: "fra", de: "deu", es: "spa", pt: "por", it: "ita", ru: "rus", uk: "ukr", pl: "pol",
  nl: "nld", sv: "swe", tr: "tur", ar: "arb", fa: "pes", hi: "hin", id: "ind", vi: "vie", th: "tha", cs: "ces", ro: "ron", hu: "hun",
};

/**
 * Whether `text` is already written in the language of `tag`, as franc (trigram statistics)
 * judges it. Too little text to tell counts as not: it is translated. Chinese is one language
 * to franc, so zh-CN and zh-TW both count any Chinese text as theirs.
 */
export function isInLanguage(text: string, tag: string): boolean {
  const expected = ISO_639_3[tag.split("-")[0]!] ?? tag.split("-")[0]!;
  const sample = text.length > 2000 ? text.slice(0, 2000) : text;
  const detected = franc(sample, { minLength: 12 });
  return detected !== "und" && detected === expected;
}
