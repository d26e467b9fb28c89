import type { AddressInfo } from "node:net";
import type { Readable } from "node:stream";
import { SMTPServer, type SMTPServerSession } from "smtp-server";
import type { Logger } from "../../../lib/logger.ts";
import type { InboxRow } from "../inbox.presenter.ts";
import type { InboxMailService } from "./inbox-mail.service.ts";

/** Recipients one message may have: more is a mailing to many, not a newsletter to some inboxes. */
const MAX_RECIPIENTS = 50;
/** Connections at once: relays rarely open more than a few; past this a client is told 421 to come back later. */
const MAX_CLIENTS = 100;
/** How long a stop waits for connections in the middle of a message. */
const CLOSE_TIMEOUT_MS = 5000;

/** An SMTP reply: `code` decides whether the sender retries (4xx) or gives up (5xx). */
function reply(code: number, message: string): Error & { responseCode: number } {
  return Object.assign(new Error(message), { responseCode: code });
}

/** The message of `stream`, at most `maxBytes` of it kept: null when it is larger (the rest is read and dropped). */
async function readAtMost(stream: Readable, maxBytes: number): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    size += chunk.byteLength;
    if (size <= maxBytes) chunks.push(chunk);
    else chunks.length = 0;
  }
  return size <= maxBytes ? Buffer.concat(chunks, size) : null;
}

export interface SmtpReceiver {
  /** Where it listens (the port chosen when 0 was asked for). */
  address(): AddressInfo;
  /** Stops accepting connections and ends those open (after at most 5 s). */
  close(): Promise<void>;
}

/**
 * The embedded SMTP receiver of inbox mail: plain SMTP as an MX host receives it (no AUTH, no
 * STARTTLS). A recipient is accepted at RCPT only when it names an inbox (550 otherwise) that
 * has not had its hour's share (451, tried again later by the sender); SIZE is announced and a
 * message over it refused (552), declared or not. Each accepted message becomes one entry per
 * distinct inbox; a failure to store it answers 451 so that the sender tries again.
 */
export async function startSmtpReceiver(options: {
  mail: InboxMailService;
  port: number;
  host: string;
  /** The name the server greets with. */
  name: string;
  logger: Logger;
}): Promise<SmtpReceiver> {
  const { mail, logger } = options;
  // The inboxes of each transaction (the envelope is new for each message).
  const inboxesOf = new WeakMap<SMTPServerSession["envelope"], Map<string, InboxRow>>();
  const server = new SMTPServer({
    name: options.name,
    banner: "Tidings inbox mail",
    size: mail.maxBytes,
    authOptional: true,
    disabledCommands: ["AUTH", "STARTTLS"],
    disableReverseLookup: true,
    maxClients: MAX_CLIENTS,
    closeTimeout: CLOSE_TIMEOUT_MS,
    logger: false,
    onRcptTo(address, session, callback) {
      const inboxes = inboxesOf.get(session.envelope) ?? new Map<string, InboxRow>();
      inboxesOf.set(session.envelope, inboxes);
      if (session.envelope.rcptTo.length >= MAX_RECIPIENTS) return callback(reply(452, "Too many recipients"));
      mail.inboxFor(address.address).then(
        async (inbox) => {
          if (!inbox) return callback(reply(550, `No such inbox: ${address.address}`));
          // A second address of an inbox already counted (news@ and news+x@) costs nothing more.
          if (!inboxes.has(inbox.id) && (await mail.admit(inbox)) > 0) return callback(reply(451, "This inbox has received too many messages; try again later"));
          inboxes.set(inbox.id, inbox);
          callback();
        },
        (error: unknown) => {
          logger.error({ err: error }, "inbox lookup failed");
          callback(reply(451, "Temporary failure; try again later"));
        },
      );
    },
    onData(stream, session, callback) {
      readAtMost(stream, mail.maxBytes)
        .then(async (raw) => {
          if (!raw) return callback(reply(552, `Message exceeds fixed maximum message size ${mail.maxBytes}`));
          await mail.deliverRaw([...(inboxesOf.get(session.envelope)?.values() ?? [])], raw);
          callback(null, "Message stored");
        })
        .catch((error: unknown) => {
          logger.error({ err: error }, "inbox mail could not be stored");
          callback(reply(451, "Temporary failure; try again later"));
        });
    },
  });
  // Connection failures (a client gone mid-message, a reset) are the clients' business.
  server.on("error", (error) => logger.warn({ err: error }, "SMTP connection error"));
  await new Promise<void>((resolve, reject) => {
    server.server.once("error", reject);
    server.listen(options.port, options.host, () => {
      server.server.off("error", reject);
      resolve();
    });
  });
  return {
    address: () => server.server.address() as AddressInfo,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
