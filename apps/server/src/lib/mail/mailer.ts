import path from "node:path";
import type { Logger } from "../logger.ts";
import type { Mailer } from "./mail-types.ts";
import { createOutboxMailer } from "./outbox-mailer.ts";
import { createSmtpMailer } from "./smtp-mailer.ts";

export type { MailMessage, Mailer } from "./mail-types.ts";

/**
 * SMTP when `smtpUrl` is set; otherwise every message becomes an `.eml` file in
 * `dataDir/outbox`, so a fresh instance works without a mail server and the operator can
 * still open the links.
 */
export function createMailer(options: { smtpUrl: string | null; from: string; dataDir: string; logger: Logger }): Mailer {
  const logger = options.logger.child({ module: "mail" });
  if (options.smtpUrl) return createSmtpMailer({ url: options.smtpUrl, from: options.from, logger });
  return createOutboxMailer({ dir: path.join(options.dataDir, "outbox"), from: options.from, logger });
}
