import type { Deps } from "../../../deps.ts";
import { createInboxEntries } from "../inboxes.module.ts";
import { createInboxMail } from "./inbox-mail.module.ts";
import { startSmtpReceiver, type SmtpReceiver } from "./smtp-receiver.ts";

/**
 * Starts the SMTP receiver of inbox mail on `listen` (config.inbox.smtp), greeting as the inbox
 * mail domain. Rejects when the port cannot be had (EADDRINUSE, EACCES below 1024).
 */
export async function startInboxSmtp(deps: Deps, listen: { port: number; host: string }): Promise<SmtpReceiver> {
  const logger = deps.logger.child({ module: "smtp" });
  const receiver = await startSmtpReceiver({
    mail: createInboxMail(deps, createInboxEntries(deps)),
    port: listen.port,
    host: listen.host,
    name: deps.config.inbox.emailSuffix.replace(/^@/, ""),
    logger,
  });
  const { address, port } = receiver.address();
  logger.info({ address, port, domain: deps.config.inbox.emailSuffix.replace(/^@/, "") }, "SMTP receiver listening");
  return receiver;
}
