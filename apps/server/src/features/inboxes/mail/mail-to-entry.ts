import { createHash } from "node:crypto";
import type { EntryAttachment } from "../../../db/schema/entries.ts";
import { escapeHtml } from "../../../content/parse/entry-common.ts";
import { htmlToText } from "../../../content/html-text.ts";
import { sanitizeHtml } from "../../../content/sanitize/sanitize.ts";
import type { InboxEntryFields } from "../webhook-entry.ts";
import { mailTextToHtml, removeTrackingImages, resolveCids } from "./mail-html.ts";
import type { MailMessage, MailPart } from "./mail-message.ts";

/** Characters of the description, as for webhook entries. */
const DESCRIPTION_LENGTH = 300;
/** The longest subject, author and guid kept (the webhook's limits). */
const TITLE_LENGTH = 1000;
const GUID_LENGTH = 2048;
const FILENAME_LENGTH = 200;

/** A part of the message to store as a file of the inbox's owner. */
export interface MailFile {
  id: string;
  filename: string;
  contentType: string;
  bytes: Buffer;
}

export interface MailEntry {
  fields: InboxEntryFields;
  /** Every file part: the attachments listed in `fields.attachments` and the inline images. */
  files: MailFile[];
}

export interface MailToEntryOptions {
  now: Date;
  /** A fresh id for a stored file. */
  newId: () => string;
  /** The URL that serves a stored file to the inbox's owner. */
  fileUrl: (id: string, filename: string) => string;
}

const clip = (value: string | null | undefined, max: number) => {
  const trimmed = value?.replace(/\s+/g, " ").trim();
  return trimmed ? trimmed.slice(0, max) : null;
};

/** `Name <address>`, or whichever of the two there is. */
function authorOf(from: MailMessage["from"]): string | null {
  const name = clip(from?.name, TITLE_LENGTH);
  const address = clip(from?.address, TITLE_LENGTH);
  if (name && address && name !== address) return `${name} <${address}>`;
  return name ?? address;
}

/** The Message-ID without its brackets or, when there is none, a hash of what the message says. */
function guidOf(message: MailMessage): string {
  const messageId = message.messageId?.trim().replace(/^<|>$/g, "").trim();
  if (messageId) return messageId.slice(0, GUID_LENGTH);
  const hash = createHash("sha256");
  for (const value of [message.from?.address, message.subject, message.date?.toISOString(), message.html, message.text]) hash.update(`${value ?? ""}\u0000`);
  for (const part of message.parts) hash.update(part.content);
  return `sha256:${hash.digest("hex")}`;
}

/** A file name safe to show and to end a URL: no path, no control characters, never empty. */
function filenameOf(part: MailPart, index: number): string {
  // eslint-disable-next-line no-control-regex -- control characters are what is removed
  const name = part.filename?.replace(/[\u0000-\u001f\u007f]/g, "").split(/[/\\]/).pop()?.trim().slice(-FILENAME_LENGTH);
  if (name) return name;
  const extension = /^[a-z]+\/([a-z0-9]+)/i.exec(part.contentType)?.[1]?.toLowerCase();
  return `part-${index + 1}${extension ? `.${extension}` : ""}`;
}

/** A declared MIME type as stored (parameters dropped), or a neutral one for anything odd. */
function contentTypeOf(part: MailPart): string {
  const type = part.contentType.split(";")[0]!.trim().toLowerCase();
  return /^[a-z0-9!#$&^_.+-]+\/[a-z0-9!#$&^_.+-]+$/.test(type) ? type : "application/octet-stream";
}

/** The date a message is published at: its Date header, unless missing or in the future. */
function publishedAt(date: Date | null, now: Date): Date {
  return date && Number.isFinite(date.getTime()) && date.getTime() <= now.getTime() ? date : now;
}

/**
 * Turns an e-mail into an inbox entry and the files to store with it: subject → title, sender →
 * author, Date → published time, Message-ID → guid. The HTML body (or the text made into
 * paragraphs) has its `cid:` images pointed at their stored files and its open-tracking images
 * removed, and is sanitised as a feed's content is. The list's unsubscribe link opens the content.
 * Parts no `cid:` link shows are the entry's attachments.
 */
export function mailToEntry(message: MailMessage, options: MailToEntryOptions): MailEntry {
  const files = message.parts
    .filter((part) => part.content.byteLength > 0)
    .map((part, index) => ({ part, file: { id: options.newId(), filename: filenameOf(part, index), contentType: contentTypeOf(part), bytes: part.content } }));
  const byContentId = new Map(files.filter(({ part }) => part.contentId).map(({ part, file }) => [part.contentId!, file]));
  let html = message.html ?? (message.text ? mailTextToHtml(message.text) : "");
  const cids = resolveCids(html, (contentId) => {
    const file = byContentId.get(contentId);
    return file ? options.fileUrl(file.id, file.filename) : null;
  });
  html = removeTrackingImages(cids.html);
  const body = sanitizeHtml(html);
  const description = htmlToText(body, DESCRIPTION_LENGTH) || clip(message.text, DESCRIPTION_LENGTH);
  const unsubscribe = message.unsubscribeUrl
    ? sanitizeHtml(`<p><small><a href="${escapeHtml(message.unsubscribeUrl)}">Unsubscribe</a> from ${escapeHtml(clip(message.listName, 200) ?? "this mailing list")}</small></p>`)
    : "";
  const attachments: EntryAttachment[] = files
    .filter(({ part }) => !(part.contentId && cids.used.has(part.contentId)))
    .map(({ file }) => ({ url: options.fileUrl(file.id, file.filename), mime_type: file.contentType, size_in_bytes: file.bytes.byteLength, title: file.filename }));
  return {
    fields: {
      guid: guidOf(message),
      title: clip(message.subject, TITLE_LENGTH),
      url: message.webUrl,
      content: unsubscribe + body || null,
      description: description || null,
      author: authorOf(message.from),
      authorUrl: null,
      authorAvatar: null,
      language: null,
      media: null,
      categories: null,
      attachments: attachments.length ? attachments : null,
      extra: message.unsubscribeUrl ? { links: [{ url: message.unsubscribeUrl, type: "unsubscribe" }] } : null,
      publishedAt: publishedAt(message.date, options.now),
    },
    files: files.map(({ file }) => file),
  };
}
