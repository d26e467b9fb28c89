/** One outgoing message, in plain text and simple HTML. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Sends mail; the only way the server reaches a mail system. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}
