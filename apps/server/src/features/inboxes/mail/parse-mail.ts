import { simpleParser, type AddressObject, type HeaderLines, type HeaderValue } from "mailparser";
import type { MailMessage } from "./mail-message.ts";

/** A header's value as written (unfolded), or undefined. */
function rawHeader(lines: HeaderLines, key: string): string | undefined {
  return lines.find((header) => header.key === key)?.line.replace(/^[^:]*:/, "").replace(/\s+/g, " ").trim();
}

/** The Date header; null when missing or unreadable (mailparser would say "now", which no re-delivery repeats). */
function dateOf(lines: HeaderLines): Date | null {
  const value = rawHeader(lines, "date");
  const date = value ? new Date(value) : null;
  return date && Number.isFinite(date.getTime()) ? date : null;
}

/**
 * The first http(s) URL of a header such as List-Unsubscribe (`<mailto:…>, <https://…>`) or
 * Archived-At, read from its raw line: mailparser's reading of List-* loses URLs followed by a
 * comment (`<https://…> (Unsubscribe)`).
 */
function httpUrlOf(lines: HeaderLines, key: string): string | null {
  const line = rawHeader(lines, key);
  const url = line && (/<\s*(https?:\/\/[^\s>]+)\s*>/i.exec(line)?.[1] ?? /\bhttps?:\/\/[^\s<>,]+/i.exec(line)?.[0]);
  return url && URL.canParse(url) ? url : null;
}

/** The name of the list (List-Id: `Weekly Digest <digest.example.com>`), as mailparser gathers it. */
function listName(value: HeaderValue | undefined): string | null {
  const list = value && typeof value === "object" && !Array.isArray(value) && !(value instanceof Date) ? (value as { id?: { name?: string } }) : {};
  return list.id?.name || null;
}

function firstAddress(value: AddressObject | undefined): MailMessage["from"] {
  const first = value?.value[0];
  return first ? { name: first.name || null, address: first.address || null } : null;
}

/**
 * Reads an RFC 822 message: headers, the HTML and text bodies, every file part with its bytes.
 * `cid:` links are left in the HTML (mail-to-entry.ts points them at the stored files), and no
 * text is made from the HTML nor HTML from the text: mail-to-entry.ts decides what it needs.
 */
export async function parseMail(raw: Buffer): Promise<MailMessage> {
  const mail = await simpleParser(raw, { keepCidLinks: true, skipHtmlToText: true, skipTextToHtml: true, skipTextLinks: true });
  return {
    messageId: mail.messageId ?? null,
    subject: mail.subject ?? null,
    from: firstAddress(mail.from),
    date: dateOf(mail.headerLines),
    html: mail.html || null,
    text: mail.text || null,
    unsubscribeUrl: httpUrlOf(mail.headerLines, "list-unsubscribe"),
    listName: listName(mail.headers.get("list")),
    webUrl: httpUrlOf(mail.headerLines, "archived-at"),
    parts: mail.attachments.map((part) => ({
      filename: part.filename ?? null,
      contentType: part.contentType,
      content: part.content,
      contentId: part.cid ?? null,
    })),
  };
}
