import { api } from "../lib/api-client.ts";
import { track } from "../lib/telemetry/events.ts";
import { queryClient } from "../lib/query-client-instance.ts";
import { persistUnread } from "../db/unread.repo.ts";
import { unreadKeys } from "../queries/unread.ts";
import { entriesActions, useEntries } from "../store/entries.store.ts";
import { unreadActions, useUnread } from "../store/unread.store.ts";
import { optimistic } from "./optimistic.ts";

/** What to mark read: sources (feed ids, a list id or an inbox handle), optionally a time window. */
export interface MarkAllScope {
  view: number;
  /** The sources in scope, by the key unread counts use. */
  sourceKeys: string[];
  feedIds?: string[];
  listId?: string;
  inboxId?: string;
  startTime?: string;
  endTime?: string;
  excludePrivate?: boolean;
}

const inWindow = (publishedAt: string, scope: MarkAllScope) =>
  (!scope.startTime || publishedAt >= scope.startTime) && (!scope.endTime || publishedAt <= scope.endTime);

/** Marks everything in scope read: loaded entries and counts at once, the server with one call. */
export function markAllRead(scope: MarkAllScope): Promise<void> {
  track("mark_all_read", { view: scope.view });
  const keys = new Set(scope.sourceKeys);
  return optimistic({
    apply: () => {
      const counts = { ...useUnread.getState().counts };
      const ids = Object.values(useEntries.getState().byId)
        .filter((item) => keys.has(item.sourceKey) && item.read === false && inWindow(item.entry.publishedAt, scope))
        .map((item) => item.entry.id);
      entriesActions.setRead(ids, true);
      if (!scope.startTime && !scope.endTime) unreadActions.adjust(Object.fromEntries(scope.sourceKeys.map((key) => [key, -(counts[key] ?? 0)])));
      return { counts, ids };
    },
    execute: () =>
      api("reads/all", {
        json: {
          view: scope.view,
          ...(scope.feedIds ? (scope.feedIds.length === 1 ? { feedId: scope.feedIds[0] } : { feedIdList: scope.feedIds }) : {}),
          ...(scope.listId ? { listId: scope.listId } : {}),
          ...(scope.inboxId ? { inboxId: scope.inboxId } : {}),
          ...(scope.startTime ? { startTime: scope.startTime } : {}),
          ...(scope.endTime ? { endTime: scope.endTime } : {}),
          ...(scope.excludePrivate ? { excludePrivate: true } : {}),
        },
      }),
    rollback: ({ counts, ids }) => {
      entriesActions.setRead(ids, false);
      unreadActions.replace(counts);
    },
    persist: async () => {
      await queryClient().invalidateQueries({ queryKey: unreadKeys.all });
      await persistUnread(useUnread.getState().counts);
    },
  });
}
