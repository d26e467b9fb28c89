/** A language the AI helpers write in: a BCP 47 tag such as en, ja, zh-CN, zh-TW, pt-BR. */
export const LANGUAGE_TAG = /^[a-z]{2,3}(-[A-Za-z0-9]{2,8}){0,2}$/;

const NAMES: Record<string, string> = { "zh-CN": "Simplified Chinese", "zh-TW": "Traditional Chinese", "zh-HK": "Traditional Chinese (Hong Kong)" };
/** Made on first use: ICU's display-name data costs ~5 MB of resident memory once touched. */
let displayNames: Intl.DisplayNames | undefined;

/** The English name of a language tag, for prompts ("Japanese", "Simplified Chinese"). */
export function languageName(tag: string): string {
  if (NAMES[tag]) return NAMES[tag];
  try {
    displayNames ??= new Intl.DisplayNames(["en"], { type: "language" });
    return displayNames.of(tag) ?? tag;
  } catch {
    return tag;
  }
}
