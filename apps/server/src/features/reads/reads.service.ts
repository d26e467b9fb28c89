import { ErrorCode } from "@tidings/contracts";
import { AppError } from "../../errors.ts";
import type { RequestUser } from "../../http/context.ts";
import type { Clock } from "../../lib/clock.ts";
import type { MarkAllScope, TimelineRepo } from "../../timeline/timeline.repo.ts";

export interface ReadsDeps {
  timeline: TimelineRepo;
  clock: Clock;
  /** The caller's subscriptions: target id → type, view and the key unread counts use. */
  subscriptionsOf: (userId: string) => Promise<{ targetId: string; view: number; key: string }[]>;
  /** The inbox id of a handle the user owns, or null. */
  ownInboxId: (userId: string, handle: string) => Promise<string | null>;
  /** Retries a write that lost a deadlock or serialisation race. */
  retry: <T>(work: () => Promise<T>) => Promise<T>;
}

export interface MarkAllInput {
  view?: number;
  feedId?: string;
  feedIdList?: string[];
  listId?: string;
  inboxId?: string;
  startTime?: Date;
  endTime?: Date;
  excludePrivate?: boolean;
}

/** Read state: unread counts, mark read and unread, mark all read. */
export function createReadsService(deps: ReadsDeps) {
  const { timeline, clock } = deps;
  return {
    /** GET /reads: unread counts by feed, list or inbox id (handle), optionally of one view. */
    async unreadCounts(user: RequestUser, view?: number): Promise<Record<string, number>> {
      const [counts, subscriptions] = await Promise.all([timeline.unreadCounts(user.id), deps.subscriptionsOf(user.id)]);
      const byTarget = new Map(subscriptions.map((s) => [s.targetId, s]));
      const result: Record<string, number> = {};
      for (const { sourceId, count } of counts) {
        const subscription = byTarget.get(sourceId);
        if (!subscription || (view !== undefined && subscription.view !== view)) continue;
        result[subscription.key] = count;
      }
      return result;
    },

    /** GET /reads/total-count: every unread entry the caller follows. */
    async totalCount(user: RequestUser): Promise<{ count: number }> {
      const counts = await this.unreadCounts(user);
      return { count: Object.values(counts).reduce((sum, n) => sum + n, 0) };
    },

    async markRead(user: RequestUser, entryIds: string[]): Promise<void> {
      await deps.retry(() => timeline.markRead(user.id, entryIds, clock.now()));
    },

    async markUnread(user: RequestUser, entryIds: string[]): Promise<void> {
      await deps.retry(() => timeline.markUnread(user.id, entryIds));
    },

    /** POST /reads/all: everything in scope (a view, feeds, a list or an inbox, a time window) read. */
    async markAll(user: RequestUser, input: MarkAllInput): Promise<{ marked: number }> {
      const scope: MarkAllScope = {};
      if (input.inboxId) {
        const inboxId = await deps.ownInboxId(user.id, input.inboxId);
        if (!inboxId) throw new AppError(ErrorCode.InboxNotFound);
        scope.sourceIds = [inboxId];
      } else if (input.listId) scope.sourceIds = [input.listId];
      else if (input.feedIdList) scope.feedIds = input.feedIdList;
      else if (input.feedId) scope.feedIds = [input.feedId];
      else scope.view = input.view ?? 0;
      if (input.startTime) scope.startTime = input.startTime;
      if (input.endTime) scope.endTime = input.endTime;
      if (input.excludePrivate) scope.excludePrivate = true;
      const marked = await deps.retry(() => timeline.markAll(user.id, scope, clock.now()));
      return { marked };
    },
  };
}

export type ReadsService = ReturnType<typeof createReadsService>;
