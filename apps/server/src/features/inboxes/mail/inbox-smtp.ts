import type { Logger } from "../../../lib/logger.ts";
import type { InboxMailService } from "./inbox-mail.service.ts";
import type { SmtpReceiver } from "./smtp-receiver.ts";

/**
 * Starts the SMTP receiver of inbox mail on `listen` (config.inbox.smtp), greeting as the inbox
 * mail domain. Rejects when the port cannot be had (EADDRINUSE, EACCES below 1024).
 */
export async function startInboxSmtp(deps: { mail: InboxMailService; logger: Logger; emailSuffix: string }, listen: { port: number; host: string }): Promise<SmtpReceiver> {
  const logger = deps.logger.child({ module: "smtp" });
  const domain = deps.emailSuffix.replace(/^@/, "");
  // smtp-server loads only where the receiver is configured.
  const { startSmtpReceiver } = await import("./smtp-receiver.ts");
  const receiver = await startSmtpReceiver({ mail: deps.mail, port: listen.port, host: listen.host, name: domain, logger });
  const { address, port } = receiver.address();
  logger.info({ address, port, domain }, "SMTP receiver listening");
  return receiver;
}
