import { createHash } from "node:crypto";
import type { ParsedEntry } from "./model.ts";
import { absoluteUrl } from "./urls.ts";
import { innerHtml } from "./xml-nodes.ts";
import type { XmlElement } from "./xml-tree.ts";

/** Escapes plain text for use inside HTML. */
export function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

/** Plain text turned into HTML paragraphs (JSON Feed content_text, Atom type="text" content). */
export function textToHtml(text: string): string {
  return text
    .split(/\n{2,}/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean)
    .map((paragraph) => `<p>${escapeHtml(paragraph).replace(/\n/g, "<br>")}</p>`)
    .join("");
}

// A guid written as a relative reference ("/posts/1", "../x"): resolved like a link. Other
// guids ("abc", "tag:…", "12345") are identities and stay as written.
const RELATIVE_REFERENCE = /^\.{0,2}\//;

/**
 * The entry's id: the document's guid/id when it has one (a relative one resolved against `base`),
 * else its link, else a hash of what it says, so that the same entry keeps the same id across
 * refreshes. `element` is the entry's element, whose markup is hashed when the entry has no title,
 * text or date (an item of categories or custom elements only).
 */
export function entryGuid(
  declared: string | null | undefined,
  entry: Pick<ParsedEntry, "url" | "title" | "content" | "description" | "publishedAt">,
  base: string | null = null,
  element?: XmlElement,
): string {
  const guid = declared?.trim();
  if (guid) return RELATIVE_REFERENCE.test(guid) ? (absoluteUrl(guid, base) ?? guid) : guid;
  if (entry.url) return entry.url;
  const text = entry.content ?? entry.description ?? "";
  const said = entry.title || text || entry.publishedAt !== null || !element ? [entry.title ?? "", text, entry.publishedAt ?? ""].join("\u0000") : innerHtml(element);
  const hash = createHash("sha256").update(said).digest("hex").slice(0, 32);
  return `sha256:${hash}`;
}

/** An iTunes duration in seconds: "3723", "62:03" or "1:02:03". */
export function parseDuration(text: string | null | undefined): number | null {
  if (!text) return null;
  let seconds = 0;
  for (const part of text.trim().split(":")) {
    const value = Number(part);
    if (part === "" || !Number.isFinite(value)) return null;
    seconds = seconds * 60 + value;
  }
  return seconds;
}

/** Unique, trimmed, non-empty strings. */
export function uniqueStrings(values: (string | null | undefined)[]): string[] {
  const seen = new Set<string>();
  for (const value of values) {
    const text = value?.trim();
    if (text) seen.add(text);
  }
  return [...seen];
}

/**
 * RSS `<author>` is usually an e-mail address, often with the name in parentheses
 * ("jo@example.com (Jo Writer)"), sometimes the other way round ("Jo Writer (jo@example.com)",
 * "Jo Writer <jo@example.com>"); the name is what a reader shows.
 */
export function personName(value: string | null | undefined): string | null {
  const text = value?.trim();
  if (!text) return null;
  if (!text.includes("@")) return text;
  const withName =
    /^(?:mailto:)?\S+@\S+\s*\((.+)\)$/.exec(text) ?? /^(.+?)\s*[(<](?:mailto:)?\S+@[^\s()<>]+[)>]$/.exec(text);
  if (withName) return withName[1]!.trim();
  return text;
}
