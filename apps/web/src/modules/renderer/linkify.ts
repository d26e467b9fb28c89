/**
 * Bare URLs in entry text (spec: "bare URLs linkified"). Only http(s) URLs are recognised, as for
 * links. Trailing punctuation belongs to the sentence, not the URL, unless it closes a bracket the
 * URL opened (Wikipedia-style `…/Foo_(bar)`).
 */
export type TextPart = { kind: "text"; text: string } | { kind: "url"; text: string };

const URL_PATTERN = /\bhttps?:\/\/[^\s<>"'`\u00a0\u3000]+/gi;
const TRAILING = /[.,;:!?'"*_~]+$/;
const PAIRS: Record<string, string> = { ")": "(", "]": "[", "}": "{" };

function trimUrl(candidate: string): string {
  let url = candidate;
  for (;;) {
    const before = url;
    url = url.replace(TRAILING, "");
    const last = url.at(-1);
    const open = last ? PAIRS[last] : undefined;
    if (open && url.split(open).length <= url.split(last!).length - 1) url = url.slice(0, -1);
    if (url === before) return url;
  }
}

/** Splits `text` into plain parts and URL parts, in order; one text part when there is no URL. */
export function splitUrls(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const url = trimUrl(match[0]);
    if (!/^https?:\/\/[^/?#]+/i.test(url)) continue;
    const start = match.index;
    if (start > last) parts.push({ kind: "text", text: text.slice(last, start) });
    parts.push({ kind: "url", text: url });
    last = start + url.length;
  }
  if (last < text.length) parts.push({ kind: "text", text: text.slice(last) });
  return parts;
}
