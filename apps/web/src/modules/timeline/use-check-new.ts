import { useQuery } from "@tanstack/react-query";
import { api } from "../../lib/api-client.ts";
import type { TimelineSelector } from "../../queries/timeline.ts";

/** How often the server is asked whether a timeline has new entries (facts §7: every minute). */
export const CHECK_NEW_INTERVAL_MS = 60_000;

/** GET /entries/check-new's query string for a timeline, or null when the server cannot tell (inboxes, stars). */
export function checkNewQuery(selector: TimelineSelector, insertedAfter: string): string | null {
  if (selector.starred || selector.inboxId) return null;
  const params = new URLSearchParams({ insertedAfter });
  if (selector.listId) params.set("listId", selector.listId);
  else if (selector.feedIds?.length === 1) params.set("feedId", selector.feedIds[0]!);
  else if (selector.feedIds) {
    if (selector.feedIds.length === 0) return null;
    for (const id of selector.feedIds) params.append("feedIdList", id);
  } else params.set("view", String(selector.view));
  if (selector.unreadOnly) params.set("read", "false");
  return params.toString();
}

/**
 * Whether entries arrived in a timeline since its newest loaded one, asked every minute while
 * the timeline is open; the "new entries" pill shows on yes.
 */
export function useCheckNew(selector: TimelineSelector, newestInsertedAt: string | null): boolean {
  const query = newestInsertedAt ? checkNewQuery(selector, newestInsertedAt) : null;
  const { data } = useQuery({
    queryKey: ["timeline-check-new", query],
    queryFn: ({ signal }) => api<{ has_new: boolean }>(`entries/check-new?${query}`, { signal }),
    enabled: query !== null,
    refetchInterval: CHECK_NEW_INTERVAL_MS,
    // The first answer comes after a minute: the page just loaded is new enough.
    initialData: { has_new: false },
    initialDataUpdatedAt: () => Date.now(),
    staleTime: CHECK_NEW_INTERVAL_MS,
  });
  return data?.has_new === true;
}
