/** Blocks whose text is read as one piece (a paragraph, an item, a heading…). */
const BLOCKS = "p, li, h1, h2, h3, h4, h5, h6, blockquote, pre, figcaption, dt, dd, td, th";

/** Longer paragraphs are cut at sentence ends: some voices stop after ~15 s of one utterance. */
export const MAX_SEGMENT = 280;

const squash = (text: string) => text.replace(/\s+/g, " ").trim();

/** Cuts a paragraph into pieces of at most `max` characters, at sentence ends where it can. */
export function splitLong(text: string, max = MAX_SEGMENT): string[] {
  if (text.length <= max) return [text];
  const sentences = text.match(/[^.!?。！？]+(?:[.!?。！？]+["'”’)\]]*\s*|$)/g) ?? [text];
  const pieces: string[] = [];
  let current = "";
  for (const sentence of sentences) {
    if (current && (current + sentence).length > max) {
      pieces.push(current.trim());
      current = "";
    }
    current += sentence;
    while (current.length > max) {
      const cut = current.lastIndexOf(" ", max) > max / 2 ? current.lastIndexOf(" ", max) : max;
      pieces.push(current.slice(0, cut).trim());
      current = current.slice(cut);
    }
  }
  if (current.trim()) pieces.push(current.trim());
  return pieces;
}

/**
 * What text-to-speech reads of an entry, in order: its title, then each block of its content
 * (innermost blocks, so a list inside a quote is not read twice), long ones cut at sentence ends.
 * These are also the steps the browser voice seeks by.
 */
export function speechSegments(title: string | null, html: string | null | undefined): string[] {
  const segments: string[] = [];
  if (title?.trim()) segments.push(squash(title));
  if (html?.trim()) {
    const body = new DOMParser().parseFromString(html, "text/html").body;
    for (const element of body.querySelectorAll("script, style, template, noscript")) element.remove();
    const blocks = [...body.querySelectorAll(BLOCKS)].filter((element) => !element.querySelector(BLOCKS));
    const texts = blocks.length ? blocks.map((element) => squash(element.textContent ?? "")) : [squash(body.textContent ?? "")];
    for (const text of texts) if (text) segments.push(...splitLong(text));
  }
  return segments;
}
