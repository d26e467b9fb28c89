const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** Text made safe for HTML, in an element or in a quoted attribute. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ESCAPES[char]!);
}

/** An absolute http(s) URL, normalised, or null for anything else (javascript:, data:, relative, malformed). */
export function safeHref(url: string | null | undefined): string | null {
  if (!url) return null;
  const parsed = URL.parse(url);
  return parsed && (parsed.protocol === "http:" || parsed.protocol === "https:") ? parsed.href : null;
}

/** The host of a URL without "www.", or null. */
export function hostOf(url: string | null | undefined): string | null {
  const href = safeHref(url);
  return href ? new URL(href).hostname.replace(/^www\./, "") : null;
}

const NAMED: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

/**
 * The plain text of an HTML fragment (or of text that may hold entities), whitespace folded, cut
 * at a word boundary to at most `max` characters with an ellipsis.
 */
export function plainText(html: string | null | undefined, max: number): string {
  if (!html) return "";
  const text = html
    .replace(/<(script|style)\b[\s\S]*?<\/\1\s*>/gi, " ")
    .replace(/<[^>]*>/g, " ")
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
      if (name[0] === "#") {
        const code = name[1] === "x" || name[1] === "X" ? parseInt(name.slice(2), 16) : Number(name.slice(1));
        return Number.isInteger(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : " ";
      }
      return NAMED[name.toLowerCase()] ?? whole;
    })
    .replace(/\s+/g, " ")
    .trim();
  return truncate(text, max);
}

/** `text` cut to at most `max` characters (whole code points), at a space when one is near the end. */
export function truncate(text: string, max: number): string {
  const chars = [...text];
  if (chars.length <= max) return text;
  const cut = chars.slice(0, max - 1).join("");
  const space = cut.lastIndexOf(" ");
  return `${(space > cut.length * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** Up to two letters standing for a name, for a picture-less avatar: "Harbour Notes" → "HN". */
export function initialsOf(name: string): string {
  const words = name.replace(/^https?:\/\/(www\.)?/i, "").split(/[\s._/-]+/).filter(Boolean);
  const letters = words.length > 1 ? words.slice(0, 2).map((word) => [...word][0]) : [...(words[0] ?? "")].slice(0, 2);
  return letters.join("").toUpperCase() || "?";
}

/** A date as people read it in English, e.g. "1 Nov 2026" (UTC, so every visitor sees the same). */
export function formatDate(iso: string): string {
  return new Date(iso).toLocaleDateString("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });
}
