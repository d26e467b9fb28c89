/** Interface languages (spec §1), in the order the language picker lists them. */
export const LANGUAGES = ["en", "zh-CN", "zh-TW", "ja"] as const;
export type Language = (typeof LANGUAGES)[number];

/** Translation namespaces, each loaded on demand (spec §1). */
export const NAMESPACES = ["common", "lang", "errors", "app", "settings", "shortcuts"] as const;
export type Namespace = (typeof NAMESPACES)[number];

export const DEFAULT_LANGUAGE: Language = "en";

/**
 * The supported language closest to a BCP 47 tag: an exact match, then Chinese by script or
 * region (Hant/TW/HK/MO are traditional), then the base language, else `null`.
 *
 * @example matchLanguage("zh-HK") // "zh-TW"
 */
export function matchLanguage(tag: string | null | undefined): Language | null {
  if (!tag) return null;
  const lower = tag.trim().toLowerCase().replace(/_/g, "-");
  const exact = LANGUAGES.find((language) => language.toLowerCase() === lower);
  if (exact) return exact;
  const [base, ...rest] = lower.split("-");
  if (base === "zh") return rest.some((part) => ["hant", "tw", "hk", "mo"].includes(part)) ? "zh-TW" : "zh-CN";
  return LANGUAGES.find((language) => language === base) ?? null;
}
