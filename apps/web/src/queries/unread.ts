import { queryOptions } from "@tanstack/react-query";
import { persistUnread } from "../db/unread.repo.ts";
import { api } from "../lib/api-client.ts";
import { unreadActions } from "../store/unread.store.ts";

export const unreadKeys = {
  all: ["unread"] as const,
};

/** GET /reads: unread counts by feed, list or inbox, kept in the store and locally. */
export const unreadQuery = queryOptions({
  queryKey: unreadKeys.all,
  queryFn: async () => {
    const counts = await api<Record<string, number>>("reads");
    unreadActions.replace(counts);
    void persistUnread(counts);
    return counts;
  },
  refetchInterval: 60_000,
});
