import nodemailer from "nodemailer";
import type { Logger } from "../logger.ts";
import type { Mailer } from "./mail-types.ts";

/** Sends through the SMTP server of `url` (`smtp://` or `smtps://`, credentials in the URL). */
export function createSmtpMailer(options: { url: string; from: string; logger: Logger }): Mailer {
  const transport = nodemailer.createTransport(options.url);
  return {
    async send(message) {
      const info = await transport.sendMail({ from: options.from, ...message });
      options.logger.info({ to: message.to, messageId: info.messageId }, "mail sent");
    },
  };
}
