import { ErrorCode, type IdGenerator, type InboxSummary } from "@tidings/contracts";
import { randomBytes } from "node:crypto";
import type { Executor } from "../../db/client.ts";
import { AppError } from "../../errors.ts";
import type { RequestUser } from "../../http/context.ts";
import type { Clock } from "../../lib/clock.ts";
import type { TimelineRepo } from "../../timeline/timeline.repo.ts";
import type { InboxEntriesRepo } from "./inbox-entries.repo.ts";
import { presentInbox, type InboxRow } from "./inbox.presenter.ts";
import type { InboxesRepo } from "./inboxes.repo.ts";

/** Random bytes of a webhook secret (256 bits, 43 characters of base64url). */
const SECRET_BYTES = 32;

export interface InboxesServiceDeps {
  /** Runs work in one database transaction. */
  transaction: <T>(work: (tx: Executor) => Promise<T>) => Promise<T>;
  repo: InboxesRepo;
  entries: Pick<InboxEntriesRepo, "removeAllOf" | "fileIdsOf">;
  /** Deletes private files (mail attachments) of a user, in the caller's transaction. */
  removeFiles?: (tx: Executor, userId: string, fileIds: string[]) => Promise<void>;
  timeline: Pick<TimelineRepo, "removeSource">;
  ids: IdGenerator;
  clock: Clock;
  limits: { inboxes: number; trialInboxes: number };
  emailSuffix: string;
}

/** Inboxes: addresses that turn what is sent to them into entries, seen by their owner only. */
export function createInboxesService(deps: InboxesServiceDeps) {
  const { repo, clock, limits } = deps;
  const present = (inbox: InboxRow) => presentInbox(inbox, deps.emailSuffix);

  /** The caller's inbox: 10000 when there is none, 10003 when it is someone else's. */
  async function ownedInbox(user: RequestUser, handle: string): Promise<InboxRow> {
    const inbox = await repo.findByHandle(handle);
    if (!inbox) throw new AppError(ErrorCode.InboxNotFound);
    if (inbox.ownerUserId !== user.id) throw new AppError(ErrorCode.InboxPermissionDenied);
    return inbox;
  }

  return {
    ownedInbox,

    async get(user: RequestUser, handle: string): Promise<InboxSummary> {
      return present(await ownedInbox(user, handle));
    },

    async list(user: RequestUser): Promise<InboxSummary[]> {
      return (await repo.findOwned(user.id)).map(present);
    },

    /** Creates an inbox with a fresh secret and subscribes its owner to it. `handle` is lower-case already. */
    async create(user: RequestUser, input: { handle: string; title?: string | null }): Promise<InboxSummary> {
      const owned = await repo.countOwned(user.id);
      if (user.role === "trial" && owned >= limits.trialInboxes) throw new AppError(ErrorCode.TrialMaxInboxSubscription);
      if (owned >= limits.inboxes) throw new AppError(ErrorCode.InboxLimitExceeded);
      if (await repo.findByHandle(input.handle)) throw new AppError(ErrorCode.InboxAlreadyExists);
      const now = clock.now();
      const inbox = await deps.transaction(async (tx) => {
        const row = await repo.insert(tx, {
          id: deps.ids.next(),
          handle: input.handle,
          ownerUserId: user.id,
          title: input.title ?? null,
          secret: randomBytes(SECRET_BYTES).toString("base64url"),
          createdAt: now,
          updatedAt: now,
        });
        // Taken between the check above and now.
        if (!row) throw new AppError(ErrorCode.InboxAlreadyExists);
        await repo.insertSubscription(tx, { id: deps.ids.next(), userId: user.id, inboxId: row.id, view: 0, createdAt: now });
        return row;
      });
      return present(inbox);
    },

    async rename(user: RequestUser, handle: string, title: string | null): Promise<InboxSummary> {
      const inbox = await ownedInbox(user, handle);
      const updated = await repo.updateTitle(inbox.id, title, clock.now());
      if (!updated) throw new AppError(ErrorCode.InboxNotFound);
      return present(updated);
    },

    /** Deletes the inbox with everything it received: timeline rows and counts first, then entries and their files. */
    async remove(user: RequestUser, handle: string): Promise<void> {
      const inbox = await ownedInbox(user, handle);
      await deps.transaction(async (tx) => {
        await deps.timeline.removeSource(tx, inbox.ownerUserId, inbox.id);
        await repo.removeSubscription(tx, inbox.ownerUserId, inbox.id);
        const fileIds = deps.removeFiles ? await deps.entries.fileIdsOf(tx, { inboxId: inbox.id }) : [];
        await deps.entries.removeAllOf(tx, inbox.id);
        await deps.removeFiles?.(tx, inbox.ownerUserId, fileIds);
        await repo.remove(tx, inbox.id);
      });
    },
  };
}

export type InboxesService = ReturnType<typeof createInboxesService>;
