import { createHash } from "node:crypto";
import { htmlToText } from "../html-text.ts";
import type { ParsedEntry } from "./model.ts";

/** Longest plain-text description kept per entry. */
export const DESCRIPTION_LENGTH = 300;

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

/** A plain-text description from the summary, else from the content. */
export function describe(summaryHtml: string | null, contentHtml: string | null): string | null {
  for (const source of [summaryHtml, contentHtml]) {
    if (!source) continue;
    const text = htmlToText(source, DESCRIPTION_LENGTH);
    if (text) return text;
  }
  return null;
}

/**
 * The entry's id: the document's guid/id when it has one, else its link, else a hash of what it
 * says, so that the same entry keeps the same id across refreshes.
 */
export function entryGuid(
  declared: string | null | undefined,
  entry: Pick<ParsedEntry, "url" | "title" | "content" | "description" | "publishedAt">,
): string {
  const guid = declared?.trim();
  if (guid) return guid;
  if (entry.url) return entry.url;
  const hash = createHash("sha256")
    .update([entry.title ?? "", entry.content ?? entry.description ?? "", entry.publishedAt ?? ""].join("\u0000"))
    .digest("hex")
    .slice(0, 32);
  return `sha256:${hash}`;
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
 * ("jo@example.com (Jo Writer)"); the name is what a reader shows.
 */
export function personName(value: string | null | undefined): string | null {
  const text = value?.trim();
  if (!text) return null;
  const withName = /^\S+@\S+\s*\((.+)\)$/.exec(text) ?? /^(.+?)\s*<\S+@\S+>$/.exec(text);
  if (withName) return withName[1]!.trim();
  return text;
}
