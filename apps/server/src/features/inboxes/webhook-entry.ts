import { z } from "zod";
import type { EntryAttachment, EntryExtra, EntryMedia } from "../../db/schema/entries.ts";
import { htmlToText } from "../../content/html-text.ts";
import { sanitizeHtml } from "../../content/sanitize/sanitize.ts";

/** Characters of the description made from the content when the sender gives none. */
const DESCRIPTION_LENGTH = 300;

/** An absolute http(s) URL: anything else (javascript:, data:, relative) would be opened by readers. */
const httpUrl = z
  .string()
  .trim()
  .max(4096)
  .refine((value) => /^https?:$/.test(URL.parse(value)?.protocol ?? ""), "must be an absolute http(s) URL");
const text = (max: number) => z.string().max(max).nullish();

const mediaSchema = z.object({
  url: httpUrl,
  type: z.enum(["photo", "video"]),
  preview_image_url: httpUrl.optional(),
  width: z.number().int().positive().optional(),
  height: z.number().int().positive().optional(),
  blurhash: z.string().max(200).optional(),
});
const attachmentSchema = z.object({
  url: httpUrl,
  mime_type: z.string().max(255).optional(),
  size_in_bytes: z.number().int().min(0).optional(),
  duration_in_seconds: z.number().min(0).optional(),
  title: z.string().max(1000).optional(),
});
const linkSchema = z.object({ url: httpUrl, type: z.string().max(100), content_html: z.string().max(1_000_000).optional() });

/** The body of POST /inboxes/webhook: an entry as the sender has it (facts §2.8). */
export const webhookEntrySchema = z.object({
  guid: z.string().trim().min(1).max(2048),
  /** ISO 8601 or milliseconds; missing or unreadable means "now". */
  publishedAt: z.union([z.string(), z.number()]).nullish(),
  title: text(1000),
  url: httpUrl.nullish(),
  description: text(10_000),
  content: text(5_000_000),
  author: text(1000),
  authorUrl: httpUrl.nullish(),
  authorAvatar: httpUrl.nullish(),
  language: text(35),
  media: z.array(mediaSchema).max(100).nullish(),
  categories: z.array(z.string().trim().min(1).max(200)).max(32).nullish(),
  attachments: z.array(attachmentSchema).max(100).nullish(),
  extra: z.object({ links: z.array(linkSchema).max(100).optional() }).nullish(),
  /** True stores the entry already read. */
  read: z.boolean().nullish(),
});

export type WebhookEntry = z.infer<typeof webhookEntrySchema>;

/** What a webhook entry stores. */
export interface InboxEntryFields {
  guid: string;
  title: string | null;
  url: string | null;
  content: string | null;
  description: string | null;
  author: string | null;
  authorUrl: string | null;
  authorAvatar: string | null;
  language: string | null;
  media: EntryMedia[] | null;
  categories: string[] | null;
  attachments: EntryAttachment[] | null;
  extra: EntryExtra | null;
  publishedAt: Date;
}

/** A time given as ISO 8601 or milliseconds (number or digits); `now` when missing or unreadable. */
export function parsePublishedAt(value: string | number | null | undefined, now: Date): Date {
  if (value === null || value === undefined) return now;
  const ms = typeof value === "number" ? value : /^\d+$/.test(value.trim()) ? Number(value.trim()) : Date.parse(value);
  const date = new Date(ms);
  return Number.isFinite(date.getTime()) ? date : now;
}

const blankToNull = (value: string | null | undefined) => (value?.trim() ? value.trim() : null);

/**
 * Turns a webhook body into the stored entry: content sanitised like a feed's (links resolved
 * against the entry's URL), a description made from it when none is given, the date settled.
 */
export function toInboxEntry(body: WebhookEntry, now: Date): InboxEntryFields {
  const baseUrl = body.url ?? null;
  const content = body.content ? sanitizeHtml(body.content, { baseUrl }) || null : null;
  const links = body.extra?.links?.map((link) => {
    const html = link.content_html ? sanitizeHtml(link.content_html, { baseUrl: link.url }) : "";
    return { url: link.url, type: link.type, ...(html ? { content_html: html } : {}) };
  });
  return {
    guid: body.guid,
    title: blankToNull(body.title),
    url: baseUrl,
    content,
    description: blankToNull(body.description) ?? (content ? htmlToText(content, DESCRIPTION_LENGTH) || null : null),
    author: blankToNull(body.author),
    authorUrl: body.authorUrl ?? null,
    authorAvatar: body.authorAvatar ?? null,
    language: blankToNull(body.language),
    media: body.media?.length ? body.media : null,
    categories: body.categories?.length ? [...new Set(body.categories)] : null,
    attachments: body.attachments?.length ? body.attachments : null,
    extra: links?.length ? { links } : null,
    publishedAt: parsePublishedAt(body.publishedAt, now),
  };
}
