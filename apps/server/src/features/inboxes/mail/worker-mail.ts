import { z } from "zod";
import { parsePublishedAt } from "../webhook-entry.ts";
import type { MailMessage } from "./mail-message.ts";

const text = (max: number) => z.string().max(max).nullish();
const UNREADABLE = new Date(Number.NaN);

/**
 * The JSON body of POST /inboxes/email, as the reference's mail worker sends it (facts §2.8):
 * `{date, from{name?,address?}, to{address}, messageId, subject?, html?}`; `text` may stand in
 * for `html`.
 */
export const workerMailSchema = z.object({
  /** ISO 8601 or milliseconds. */
  date: z.union([z.string().max(100), z.number()]).nullish(),
  from: z.object({ name: text(1000), address: text(1000) }).nullish(),
  to: z.object({ address: z.string().trim().max(1000) }).nullish(),
  messageId: text(2048),
  subject: text(10_000),
  html: text(50_000_000),
  text: text(50_000_000),
});

export type WorkerMail = z.infer<typeof workerMailSchema>;

/** A mail worker's message as mail-to-entry.ts reads messages. */
export function workerMailToMessage(body: WorkerMail): MailMessage {
  const date = body.date === null || body.date === undefined ? null : parsePublishedAt(body.date, UNREADABLE);
  return {
    messageId: body.messageId ?? null,
    subject: body.subject ?? null,
    from: body.from ? { name: body.from.name ?? null, address: body.from.address ?? null } : null,
    date: date && Number.isFinite(date.getTime()) ? date : null,
    html: body.html || null,
    text: body.text || null,
    unsubscribeUrl: null,
    listName: null,
    webUrl: null,
    parts: [],
  };
}
