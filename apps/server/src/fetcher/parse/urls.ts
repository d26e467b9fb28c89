/**
 * `value` as an absolute http(s) URL, resolved against the first usable base; `null` when it is
 * empty or not a web URL. Protocol-relative URLs (`//host/x`) without an http(s) base become https.
 */
export function absoluteUrl(value: string | null | undefined, ...bases: (string | null | undefined)[]): string | null {
  const text = value?.trim();
  if (!text) return null;
  const candidates = bases.filter((base): base is string => !!base && /^https?:\/\//i.test(base));
  for (const base of [undefined, ...candidates]) {
    try {
      const url = base ? new URL(text, base) : new URL(text.startsWith("//") ? `https:${text}` : text);
      if (url.protocol === "http:" || url.protocol === "https:") return url.href;
      return null;
    } catch {
      // not absolute on its own: try the next base
    }
  }
  return null;
}

/** Resolves an xml:base chain: each level's base may itself be relative to the one above. */
export function resolveBase(...levels: (string | null | undefined)[]): string | null {
  let current: string | null = null;
  for (const level of levels) {
    if (!level) continue;
    current = absoluteUrl(level, current) ?? current;
  }
  return current;
}
