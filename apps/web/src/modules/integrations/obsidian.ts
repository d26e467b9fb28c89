import type { Entry } from "@tidings/contracts";
import { domToMarkdown } from "@tidings/utils";

/** A Markdown note for an Obsidian vault: its file name and text. */
export interface ObsidianNote {
  fileName: string;
  text: string;
}

/**
 * Writes a note into the vault. The desktop shell will provide one that writes
 * `<vault>/<file name>` without overwriting; the browser's downloads the file.
 */
export interface ObsidianWriter {
  write(note: ObsidianNote, vaultPath: string): Promise<void>;
}

/** HTML as Markdown, links and images resolved against the entry's page. */
export function htmlToMarkdown(html: string, baseUrl: string | null): string {
  if (!html.trim()) return "";
  const body = new DOMParser().parseFromString(html, "text/html").body;
  return domToMarkdown(body, baseUrl ? { baseUrl } : {});
}

/** Characters file systems refuse in names, and control characters. */
const UNSAFE = /[\\/:*?"<>|#^[\]\p{Cc}]/gu;

/** The note's file name: the first 20 characters of the title, or the publication date. */
export function noteFileName(entry: Pick<Entry, "title" | "publishedAt">): string {
  const title = (entry.title ?? "").replace(UNSAFE, " ").replace(/\s+/g, " ").trim();
  const base = [...title].slice(0, 20).join("").trim() || entry.publishedAt.slice(0, 10) || "note";
  return `${base}.md`;
}

/**
 * The note: YAML front matter (url, author, publishedAt, as double-quoted strings), the title as
 * a heading, then the article (the reader view's when given) in Markdown.
 */
export function obsidianNote(entry: Pick<Entry, "title" | "url" | "author" | "publishedAt">, html: string): ObsidianNote {
  const quote = (value: string | null) => JSON.stringify(value ?? "");
  const frontMatter = ["---", `url: ${quote(entry.url)}`, `author: ${quote(entry.author)}`, `publishedAt: ${quote(entry.publishedAt)}`, "---"].join("\n");
  const title = entry.title?.trim() || entry.url || "Untitled";
  const body = htmlToMarkdown(html, entry.url);
  return { fileName: noteFileName(entry), text: `${frontMatter}\n\n# ${title}\n\n${body}\n` };
}

/** The browser's writer: the note downloads as a .md file to drop into the vault. */
export const downloadWriter: ObsidianWriter = {
  async write(note) {
    const url = URL.createObjectURL(new Blob([note.text], { type: "text/markdown;charset=utf-8" }));
    const link = document.createElement("a");
    link.href = url;
    link.download = note.fileName;
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  },
};

let writer: ObsidianWriter = downloadWriter;

/** The desktop shell replaces the download with a write into the vault. */
export function setObsidianWriter(next: ObsidianWriter): void {
  writer = next;
}

export const obsidianWriter = (): ObsidianWriter => writer;
