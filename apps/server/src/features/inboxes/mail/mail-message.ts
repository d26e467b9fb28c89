/** One part of a message that is a file: an attachment, or an image its HTML shows inline. */
export interface MailPart {
  filename: string | null;
  contentType: string;
  content: Buffer;
  /** The Content-ID without its angle brackets: what `cid:` URLs in the HTML name. */
  contentId: string | null;
}

/**
 * A received e-mail, as mail-to-entry.ts reads it: parsed from RFC 822 (parse-mail.ts) or given
 * as JSON by an external mail worker (POST /inboxes/email).
 */
export interface MailMessage {
  messageId: string | null;
  subject: string | null;
  from: { name: string | null; address: string | null } | null;
  /** The Date header; null when missing or unreadable. */
  date: Date | null;
  html: string | null;
  text: string | null;
  /** The http(s) URL of List-Unsubscribe, and the list's name from List-Id. */
  unsubscribeUrl: string | null;
  listName: string | null;
  /** Archived-At: the message on the web. */
  webUrl: string | null;
  parts: MailPart[];
}
