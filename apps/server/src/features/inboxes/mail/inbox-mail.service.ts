import type { IdGenerator } from "@tidings/contracts";
import type { Clock } from "../../../lib/clock.ts";
import type { Logger } from "../../../lib/logger.ts";
import { createGroupCommit } from "../../../lib/group-commit.ts";
import type { Limit } from "../../../lib/rate-limit.ts";
import type { FilesService } from "../../files/index.ts";
import type { InboxEntriesService, ReceivedMail } from "../inbox-entries.service.ts";
import type { InboxRow } from "../inbox.presenter.ts";
import type { InboxesRepo } from "../inboxes.repo.ts";
import type { MailMessage } from "./mail-message.ts";
import { mailToEntry } from "./mail-to-entry.ts";
import type { parseMail as ParseMail } from "./parse-mail.ts";

export interface InboxMailDeps {
  inboxes: Pick<InboxesRepo, "findByHandle">;
  entries: Pick<InboxEntriesService, "authenticate" | "receiveMail">;
  files: Pick<FilesService, "privateUrl" | "storePrivate">;
  /** Messages per inbox and hour, shared by SMTP and POST /inboxes/email and by every server process. */
  limit: Limit;
  perHour: number;
  ids: IdGenerator;
  clock: Clock;
  logger: Logger;
  /** `@domain` of inbox addresses. */
  emailSuffix: string;
  /** Largest raw message accepted. */
  maxBytes: number;
}

/**
 * How long the inbox of an address is remembered: a relay sends a newsletter's copies one after
 * another, and each would otherwise look the inbox up again. An inbox deleted meanwhile makes its
 * delivery fail (451), and the sender's retry is refused (550) once this has passed.
 */
const INBOX_CACHE_MS = 60_000;
const INBOX_CACHE_SIZE = 1000;
/** Messages stored in one transaction at most, when they arrive faster than they are stored. */
const MAX_BATCH = 50;

/** What storing a message in one inbox gave: the entry, and whether it is new. */
export interface MailDelivery {
  handle: string;
  id: string;
  created: boolean;
}

/** Inbox mail: which inbox an address names, how much it may receive, storing what arrives. */
export function createInboxMailService(deps: InboxMailDeps) {
  const domain = deps.emailSuffix.replace(/^@/, "").toLowerCase();
  const known = new Map<string, { inbox: InboxRow; until: number }>();
  // Imported once: each import() call resolves the module's path again, loaded or not.
  let parser: Promise<{ parseMail: typeof ParseMail }> | null = null;
  // Messages arriving while others are being stored are stored together, in one commit.
  const store = createGroupCommit((mails: ReceivedMail[]) => deps.entries.receiveMail(mails), { maxBatch: MAX_BATCH });

  /**
   * The handle of an inbox address (`handle@suffix`, any case, `+tag` ignored), or null for an
   * address of another domain or one no handle could have.
   */
  function handleOf(address: string): string | null {
    const at = address.lastIndexOf("@");
    if (at <= 0 || address.slice(at + 1).toLowerCase().replace(/\.$/, "") !== domain) return null;
    const local = address.slice(0, at).split("+")[0]!.toLowerCase();
    return /^[a-z0-9_-]{1,64}$/.test(local) ? local : null;
  }

  async function deliverOne(inbox: InboxRow, message: MailMessage): Promise<MailDelivery> {
    const entry = mailToEntry(message, { now: deps.clock.now(), newId: () => deps.ids.next(), fileUrl: (id, name) => deps.files.privateUrl(id, name) });
    const { id, created } = await store.submit({ inbox, fields: entry.fields, alongside: (tx) => deps.files.storePrivate(tx, inbox.ownerUserId, entry.files) });
    deps.logger.debug({ inbox: inbox.handle, entryId: id, created, files: entry.files.length }, created ? "mail stored" : "mail already stored");
    return { handle: inbox.handle, id, created };
  }

  /** Stores a message in each of the inboxes, once in each (the same inbox twice is one entry). */
  async function deliver(inboxes: InboxRow[], message: MailMessage): Promise<MailDelivery[]> {
    const distinct = [...new Map(inboxes.map((inbox) => [inbox.id, inbox])).values()];
    return Promise.all(distinct.map((inbox) => deliverOne(inbox, message)));
  }

  return {
    maxBytes: deps.maxBytes,
    handleOf,

    /** The inbox mail to `address` goes to, or null (another domain, no such inbox). */
    async inboxFor(address: string): Promise<InboxRow | null> {
      const handle = handleOf(address);
      if (!handle) return null;
      const now = deps.clock.now().getTime();
      const cached = known.get(handle);
      if (cached && cached.until > now) return cached.inbox;
      const inbox = await deps.inboxes.findByHandle(handle);
      if (known.size >= INBOX_CACHE_SIZE) known.clear();
      if (inbox) known.set(handle, { inbox, until: now + INBOX_CACHE_MS });
      else known.delete(handle);
      return inbox;
    },

    /** Counts one message for the inbox: the seconds to wait when it has had its share of the hour, else 0. */
    admit: (inbox: InboxRow): Promise<number> => deps.limit(inbox.id),

    /** Why {@link admit} refused, for the sender. */
    refusal: (wait: number) => `This inbox accepts ${deps.perHour} messages an hour; try again in ${wait} s`,

    /** The inbox a mail worker's call is for (10000 unknown, 10003 wrong secret), as for the webhook. */
    authenticate: (handle: string | undefined, secret: string | undefined) => deps.entries.authenticate(handle, secret),

    deliver,

    /** {@link deliver} for an RFC 822 message (mailparser is loaded on the first one). */
    async deliverRaw(inboxes: InboxRow[], raw: Buffer): Promise<MailDelivery[]> {
      const { parseMail } = await (parser ??= import("./parse-mail.ts"));
      return deliver(inboxes, await parseMail(raw));
    },
  };
}

export type InboxMailService = ReturnType<typeof createInboxMailService>;
