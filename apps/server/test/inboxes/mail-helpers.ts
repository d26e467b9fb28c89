import { connect } from "node:net";
import nodemailer from "nodemailer";
import type Mail from "nodemailer/lib/mailer";
import { startSmtpReceiver, type SmtpReceiver } from "../../src/features/inboxes/mail/smtp-receiver.ts";
import type { TestApp } from "../helpers/app.ts";

/** The inbox mail domain of these tests. */
export const MAIL_DOMAIN = "in.tidings.test";

/** A 1×1 PNG: the inline image of the test messages. */
export const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64");

/** The app's SMTP receiver on an ephemeral loopback port. */
export function startReceiver(t: TestApp): Promise<SmtpReceiver> {
  return startSmtpReceiver({ mail: t.deps.inboxes.mail, port: 0, host: "127.0.0.1", name: MAIL_DOMAIN, logger: t.deps.logger });
}

/** Sends `message` through the receiver as an MTA would (plain SMTP, no TLS, no AUTH). */
export async function sendMail(receiver: SmtpReceiver, message: Mail.Options) {
  const transport = nodemailer.createTransport({ host: "127.0.0.1", port: receiver.address().port, secure: false, ignoreTLS: true });
  try {
    return await transport.sendMail(message);
  } finally {
    transport.close();
  }
}

/** A rich newsletter: HTML with an inline cid: image, a script and an open pixel, a PDF attached, List-* headers. */
export function newsletter(overrides: Mail.Options = {}): Mail.Options {
  return {
    from: "Weekly Digest <digest@sender.example>",
    to: `news@${MAIL_DOMAIN}`,
    subject: "Weekly digest — №42 ✓",
    messageId: "<issue-42@sender.example>",
    date: new Date("2026-11-20T08:00:00Z"),
    text: "Plain version",
    html:
      '<html><head><style>p{color:red}</style></head><body><p>Dear reader, the <b>kumquat</b> season opens.</p>' +
      '<img src="cid:logo@sender.example" alt="Logo"><script>alert(1)</script>' +
      '<img src="https://sender.us1.list-manage.com/track/open.php?u=1&id=2" width="1" height="1"></body></html>',
    attachments: [
      { filename: "logo.png", content: PNG, contentType: "image/png", cid: "logo@sender.example" },
      { filename: "report.pdf", content: Buffer.from("%PDF-1.4 report"), contentType: "application/pdf" },
    ],
    list: { unsubscribe: { url: "https://sender.example/unsubscribe?u=1", comment: "Unsubscribe" }, id: { url: "digest.sender.example", comment: "Weekly Digest" } },
    ...overrides,
  };
}

/**
 * Talks SMTP by hand: answers the server's reply to each line (the greeting first), for what
 * nodemailer will not send (a SIZE larger than announced).
 */
export async function smtpDialogue(receiver: SmtpReceiver, lines: string[]): Promise<string[]> {
  const socket = connect(receiver.address().port, "127.0.0.1");
  socket.setEncoding("utf8");
  const replies: string[] = [];
  let buffer = "";
  let waiting: (() => void) | null = null;
  socket.on("data", (data: string) => {
    buffer += data;
    // A reply is complete at a line whose code is followed by a space (not a dash).
    const match = /(?:^|\n)\d{3} [^\n]*\n/.exec(buffer);
    if (match) {
      replies.push(buffer.slice(0, match.index + match[0].length).trim());
      buffer = buffer.slice(match.index + match[0].length);
      waiting?.();
    }
  });
  const next = () => new Promise<void>((resolve) => (waiting = resolve));
  await next();
  for (const line of lines) {
    const answered = next();
    socket.write(`${line}\r\n`);
    await answered;
  }
  socket.end();
  return replies;
}
