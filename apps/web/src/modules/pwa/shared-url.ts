/** An http(s) address inside some text: up to the first space, quote or angle bracket. */
const HTTP_URL = /https?:\/\/[^\s<>"'`]+/gi;
/** Punctuation that ends a sentence around an address rather than the address itself. */
const TRAILING = /[.,;:!?'"’”»)\]}]+$/;

/** The address without the sentence's punctuation after it; a closing bracket stays when the address opened one. */
function trimTrailing(candidate: string): string {
  const trimmed = candidate.replace(TRAILING, "");
  const rest = candidate.slice(trimmed.length);
  if (rest.startsWith(")") && trimmed.includes("(")) return `${trimmed})`;
  return trimmed;
}

/** The first http(s) address in `text` that parses, or null. */
export function firstHttpUrl(text: string): string | null {
  for (const [match] of text.matchAll(HTTP_URL)) {
    const candidate = trimTrailing(match);
    const url = URL.parse(candidate);
    if (url && /^https?:$/.test(url.protocol) && url.hostname) return candidate;
  }
  return null;
}

/**
 * The address a share to the app (manifest `share_target`: `title`, `text`, `url`) is about: the
 * `url` field, else the first http(s) address in `text` (Android puts links there), else in
 * `title`. Null when none of them holds one.
 */
export function sharedUrl(params: URLSearchParams): string | null {
  for (const field of ["url", "text", "title"]) {
    const found = firstHttpUrl(params.get(field) ?? "");
    if (found) return found;
  }
  return null;
}
