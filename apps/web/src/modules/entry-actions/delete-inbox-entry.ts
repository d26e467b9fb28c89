import type { InfiniteData } from "@tanstack/react-query";
import { optimistic } from "../../actions/optimistic.ts";
import { database } from "../../db/database.ts";
import { guarded } from "../../db/persistence.ts";
import { api } from "../../lib/api-client.ts";
import { queryClient } from "../../lib/query-client-instance.ts";
import { timelineKeys } from "../../queries/timeline.ts";
import { type EntryState, useEntries } from "../../store/entries.store.ts";
import { unreadActions } from "../../store/unread.store.ts";

type Pages = InfiniteData<{ ids: string[] }>;

const withoutId = (data: unknown, entryId: string): unknown => {
  const pages = (data as Pages | undefined)?.pages;
  if (!Array.isArray(pages)) return data;
  return { ...(data as Pages), pages: pages.map((page) => (Array.isArray(page.ids) ? { ...page, ids: page.ids.filter((id) => id !== entryId) } : page)) };
};

/**
 * Deletes an inbox entry (spec §4): it leaves the timelines, the entries and the inbox's unread
 * count at once, the server is told, and everything comes back when the server refuses. Only the
 * local database copy waits for the server's agreement.
 */
export function deleteInboxEntry(entryId: string): Promise<void> {
  const client = queryClient();
  return optimistic({
    apply: () => {
      const previous: EntryState | undefined = useEntries.getState().byId[entryId];
      const timelines = client.getQueriesData({ queryKey: timelineKeys.all });
      client.setQueriesData({ queryKey: timelineKeys.all }, (data: unknown) => withoutId(data, entryId));
      useEntries.setState((state) => {
        const byId = { ...state.byId };
        delete byId[entryId];
        return { byId };
      });
      const unread = previous?.read === false ? previous.sourceKey : null;
      if (unread) unreadActions.adjust({ [unread]: -1 });
      return { previous, timelines, unread };
    },
    execute: () => api("entries/inbox", { method: "DELETE", json: { entryId } }),
    rollback: ({ previous, timelines, unread }) => {
      if (previous) useEntries.setState((state) => ({ byId: { ...state.byId, [entryId]: previous } }));
      for (const [key, data] of timelines) client.setQueryData(key, data);
      if (unread) unreadActions.adjust({ [unread]: 1 });
    },
    persist: () => guarded(() => database().entries.delete(entryId)),
  });
}
