/** Spec §5: a summary is asked for only when the plain text of the content has at least 100 characters. */
export const SUMMARY_MIN_TEXT = 100;

/**
 * The plain text of entry HTML, whitespace collapsed: what the server measures and speaks. Parsed
 * by the browser into an inert document, so nothing in it loads.
 */
export function plainText(html: string | null | undefined): string {
  if (!html?.trim()) return "";
  const document = new DOMParser().parseFromString(html, "text/html");
  for (const element of document.querySelectorAll("script, style, template, noscript")) element.remove();
  return (document.body?.textContent ?? "").replace(/\s+/g, " ").trim();
}

/** Whether HTML has enough text for a summary. */
export const canSummarize = (html: string | null | undefined): boolean => plainText(html).length >= SUMMARY_MIN_TEXT;
