import { ErrorCode, type IdGenerator, type TimelineItem } from "@tidings/contracts";
import { createHash, timingSafeEqual } from "node:crypto";
import type { Executor } from "../../db/client.ts";
import { AppError } from "../../errors.ts";
import type { RequestUser } from "../../http/context.ts";
import type { Clock } from "../../lib/clock.ts";
import type { TimelineRepo } from "../../timeline/timeline.repo.ts";
import type { InboxEntriesRepo } from "./inbox-entries.repo.ts";
import type { InboxRow } from "./inbox.presenter.ts";
import type { InboxesRepo } from "./inboxes.repo.ts";
import { toInboxEntry, type InboxEntryFields, type WebhookEntry } from "./webhook-entry.ts";

/** What POST /entries/inbox asks for. */
export interface InboxTimelineRequest {
  inboxId: string;
  read?: boolean;
  limit?: number;
  publishedAfter?: Date;
  publishedAfterId?: string;
  cursor?: string;
}

export interface InboxEntriesDeps {
  /** Runs work in one database transaction. */
  transaction: <T>(work: (tx: Executor) => Promise<T>) => Promise<T>;
  inboxes: Pick<InboxesRepo, "findByHandle" | "subscriptionView">;
  repo: InboxEntriesRepo;
  timeline: Pick<TimelineRepo, "deliverInboxEntry" | "markRead" | "removeEntries">;
  ids: IdGenerator;
  clock: Clock;
  /** A page of the caller's inbox timeline (throws 10000 unless the inbox is theirs). */
  timelinePage: (user: RequestUser, request: InboxTimelineRequest) => Promise<{ items: TimelineItem[]; nextCursor: string | null }>;
  /** Writes the search documents of entries, in the transaction that wrote them. */
  indexEntries: (tx: Executor, rows: { id: string; title?: string | null; description?: string | null; content?: string | null }[]) => Promise<void>;
  /** One entry with its content, as GET /entries answers it. */
  entryItem: (user: RequestUser, entryId: string) => Promise<TimelineItem>;
  /** Deletes private files (mail attachments) of a user, in the caller's transaction. */
  removeFiles?: (tx: Executor, userId: string, fileIds: string[]) => Promise<void>;
  /** The owner's rules (Actions), run on a new entry in the transaction that delivers it. */
  actions?: { ingestThen(tx: Executor, entryIds: string[], now: Date): Promise<(() => void) | null> };
}

/** An e-mail to store in an inbox; `alongside` stores its files in the entry's transaction. */
export interface ReceivedMail {
  inbox: InboxRow;
  fields: InboxEntryFields;
  alongside?: (tx: Executor) => Promise<void>;
}

/** Compares secrets in constant time: equal-length digests, so neither length nor content leaks. */
function sameSecret(given: string, expected: string): boolean {
  const digest = (value: string) => createHash("sha256").update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/** Entries of inboxes: received through the webhook, read and deleted by the inbox's owner. */
export function createInboxEntriesService(deps: InboxEntriesDeps) {
  const { repo, timeline, clock } = deps;

  /** The caller's inbox entry; 3000 for any other (someone else's, a feed's, none). */
  async function ownEntry(user: RequestUser, entryId: string) {
    const entry = await repo.findWithOwner(entryId);
    if (!entry || entry.ownerUserId !== user.id) throw new AppError(ErrorCode.EntryNotFound);
    return entry;
  }

  /**
   * What follows storing an inbox entry, in its transaction: search index, the owner's timeline
   * (read when asked), their rules. Answers what to run once the transaction is committed.
   */
  async function deliver(tx: Executor, inbox: InboxRow, id: string, fields: InboxEntryFields, read: boolean, now: Date) {
    await deps.indexEntries(tx, [{ id, title: fields.title ?? null, description: fields.description ?? null, content: fields.content ?? null }]);
    // An owner who unfollowed the inbox still finds its entries on the inbox's page.
    const view = (await deps.inboxes.subscriptionView(inbox.ownerUserId, inbox.id, tx)) ?? 0;
    await timeline.deliverInboxEntry(tx, inbox.ownerUserId, inbox.id, id, view, now);
    if (read) await timeline.markRead(inbox.ownerUserId, [id], now, tx);
    return deps.actions ? await deps.actions.ingestThen(tx, [id], now) : null;
  }

  return {
    /** The inbox a webhook call is for: 10000 for an unknown handle, 10003 for a wrong secret. */
    async authenticate(handle: string | undefined, secret: string | undefined): Promise<InboxRow> {
      const inbox = handle && handle.length <= 64 ? await deps.inboxes.findByHandle(handle.trim()) : null;
      if (!inbox) throw new AppError(ErrorCode.InboxNotFound);
      if (!secret || !sameSecret(secret, inbox.secret)) throw new AppError(ErrorCode.InboxPermissionDenied);
      return inbox;
    },

    /**
     * Stores an entry sent to an inbox (a repeated guid updates it) and delivers it to the owner's
     * timeline, read when the sender says so.
     */
    async receive(inbox: InboxRow, body: WebhookEntry): Promise<{ id: string }> {
      const now = clock.now();
      const fields = toInboxEntry(body, now);
      const { id, followUp } = await deps.transaction(async (tx) => {
        const id = await repo.upsert(tx, { id: deps.ids.next(), inboxId: inbox.id, ...fields, insertedAt: now, updatedAt: now });
        return { id, followUp: await deliver(tx, inbox, id, fields, Boolean(body.read), now) };
      });
      followUp?.();
      return { id };
    },

    /**
     * Stores received e-mails as new entries, all in one transaction (a commit is most of what a
     * write costs the embedded database), and delivers them as `receive` does. A guid the inbox
     * has already changes nothing (a message delivered again is no duplicate): `created` is false
     * and `id` names the entry stored before. A mail's `alongside` runs in the transaction once its
     * entry is new, so the message's files are stored with it or not at all.
     */
    async receiveMail(mails: ReceivedMail[]): Promise<{ id: string; created: boolean }[]> {
      const now = clock.now();
      const { ids, followUps } = await deps.transaction(async (tx) => {
        const ids: (string | null)[] = [];
        const followUps: ((() => void) | null)[] = [];
        for (const { inbox, fields, alongside } of mails) {
          const id = await repo.insertNew(tx, { id: deps.ids.next(), inboxId: inbox.id, ...fields, insertedAt: now, updatedAt: now });
          ids.push(id);
          if (!id) continue;
          await alongside?.(tx);
          followUps.push(await deliver(tx, inbox, id, fields, false, now));
        }
        return { ids, followUps };
      });
      for (const followUp of followUps) followUp?.();
      return Promise.all(
        mails.map(async ({ inbox, fields }, i) => {
          const id = ids[i];
          return id ? { id, created: true } : { id: (await repo.findIdByGuid(inbox.id, fields.guid)) ?? "", created: false };
        }),
      );
    },

    /** POST /entries/inbox: a page of the inbox, its unread count and its number of entries. */
    async timeline(user: RequestUser, request: InboxTimelineRequest): Promise<{ items: TimelineItem[]; nextCursor: string | null; remaining: number; total: number }> {
      const { items, nextCursor } = await deps.timelinePage(user, request);
      const inbox = await deps.inboxes.findByHandle(request.inboxId);
      if (!inbox) throw new AppError(ErrorCode.InboxNotFound);
      const [remaining, total] = await Promise.all([repo.unreadCount(user.id, inbox.id), repo.count(inbox.id, user.id)]);
      return { items, nextCursor, remaining, total };
    },

    async get(user: RequestUser, entryId: string): Promise<TimelineItem> {
      await ownEntry(user, entryId);
      return deps.entryItem(user, entryId);
    },

    /** Deletes an inbox entry: out of the timeline (counts moved) first, then out of the store, with its files. */
    async remove(user: RequestUser, entryId: string): Promise<void> {
      const entry = await ownEntry(user, entryId);
      await deps.transaction(async (tx) => {
        const fileIds = deps.removeFiles ? await repo.fileIdsOf(tx, { entryId: entry.id }) : [];
        await timeline.removeEntries(tx, [entry.id]);
        await repo.remove(tx, entry.id);
        await deps.removeFiles?.(tx, entry.ownerUserId, fileIds);
      });
    },
  };
}

export type InboxEntriesService = ReturnType<typeof createInboxEntriesService>;
