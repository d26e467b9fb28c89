/** Words read per minute for Latin-script text, and characters per minute for CJK text. */
export const WORDS_PER_MINUTE = 230;
export const CJK_CHARS_PER_MINUTE = 400;

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/gu;

/** The visible text of entry HTML (inert parsing: nothing loads). */
export function plainText(html: string | null | undefined): string {
  if (!html) return "";
  const document = new DOMParser().parseFromString(html, "text/html");
  document.querySelectorAll("script,style,noscript,template").forEach((node) => node.remove());
  return document.body.textContent ?? "";
}

/**
 * Minutes to read some HTML, at least 1 when there is any text, 0 when there is none. CJK text
 * is counted by characters (it has no spaces between words), the rest by words.
 */
export function readingMinutes(html: string | null | undefined): number {
  const text = plainText(html);
  const cjk = text.match(CJK)?.length ?? 0;
  const words = text.replace(CJK, " ").split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
  if (cjk === 0 && words === 0) return 0;
  return Math.max(1, Math.round(words / WORDS_PER_MINUTE + cjk / CJK_CHARS_PER_MINUTE));
}
