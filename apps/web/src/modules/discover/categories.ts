/** The RSSHub route categories offered as chips (facts §4 "Recommendations"), in display order. */
export const RSSHUB_CATEGORIES = [
  "popular",
  "social-media",
  "new-media",
  "traditional-media",
  "bbs",
  "blog",
  "programming",
  "design",
  "live",
  "multimedia",
  "picture",
  "anime",
  "program-update",
  "university",
  "forecast",
  "travel",
  "shopping",
  "game",
  "reading",
  "government",
  "study",
  "journal",
  "finance",
] as const;

/** The language filter of the catalogue: every language, English, Chinese. */
export const RSSHUB_LANGUAGES = ["", "en", "zh-CN"] as const;
export type RsshubLanguage = (typeof RSSHUB_LANGUAGES)[number];

const ascii = (name: string) => /^[\x20-\x7e]/.test(name);

/** Namespaces sorted as the catalogue shows them: alphabetically, names in ASCII first. */
export function sortNamespaces<T extends { name: string }>(entries: [string, T][]): [string, T][] {
  return [...entries].sort(([keyA, a], [keyB, b]) => {
    const nameA = a.name || keyA;
    const nameB = b.name || keyB;
    if (ascii(nameA) !== ascii(nameB)) return ascii(nameA) ? -1 : 1;
    return nameA.localeCompare(nameB, undefined, { sensitivity: "base" });
  });
}
