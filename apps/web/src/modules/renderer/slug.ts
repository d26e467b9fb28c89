/**
 * Heading ids. Anchors must be stable for a given entry (so a copied `#section` link keeps
 * working) and unique inside it, like GitHub's: lower case, spaces to dashes, punctuation dropped,
 * letters of any script kept, `-1`, `-2`… appended to repeats.
 */
export function slugify(text: string): string {
  return text
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, "")
    .replace(/\s+/g, "-")
    .replace(/-+/g, "-")
    .replace(/^-|-$/g, "");
}

/** Hands out unique slugs for one rendering. */
export function createSlugger(): (text: string) => string {
  const seen = new Map<string, number>();
  return (text) => {
    const base = slugify(text) || "section";
    let slug = base;
    let count = seen.get(base) ?? 0;
    while (seen.has(slug)) slug = `${base}-${++count}`;
    seen.set(base, count);
    seen.set(slug, 0);
    return slug;
  };
}
