import { randomBytes } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import type { Logger } from "../logger.ts";
import type { Mailer } from "./mail-types.ts";

/**
 * Writes each message as an RFC 822 `.eml` file into `dir` and logs its path: the mail system
 * of an instance without SMTP. File names sort by time of sending.
 */
export function createOutboxMailer(options: { dir: string; from: string; logger: Logger }): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    async send(message) {
      const info = await transport.sendMail({ from: options.from, ...message });
      const name = `${new Date().toISOString().replace(/[:.]/g, "-")}-${randomBytes(4).toString("hex")}.eml`;
      const file = path.join(options.dir, name);
      await mkdir(options.dir, { recursive: true });
      await writeFile(file, info.message as Buffer, { mode: 0o600 });
      options.logger.info({ to: message.to, file }, "mail written to the outbox");
    },
  };
}
