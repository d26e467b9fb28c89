import type { InboxSummary } from "@tidings/contracts";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../lib/api-client.ts";
import { queryClient } from "../../lib/query-client-instance.ts";
import { subscriptionKeys } from "../../queries/subscriptions.ts";
import { timelineKeys } from "../../queries/timeline.ts";
import { unreadKeys } from "../../queries/unread.ts";

/** A handle the server takes: 3 to 32 of a-z, 0-9, _ and - (stored lower-case). */
export const HANDLE_PATTERN = /^[a-z0-9_-]{3,32}$/;

/** The handle as it will be stored: trimmed and lower-case. */
export const normaliseHandle = (handle: string) => handle.trim().toLowerCase();

/** GET /inboxes/list: the reader's inboxes, each with its e-mail address and webhook secret. */
export const inboxesQuery = queryOptions({
  queryKey: ["inboxes", "owned"] as const,
  queryFn: () => api<InboxSummary[]>("inboxes/list"),
});

/** The address senders POST entries to (with the X-Follow-Handle and X-Follow-Secret headers). */
export function webhookUrl(origin = window.location.origin): string {
  return `${origin}/api/inboxes/webhook`;
}

/** An inbox is also a subscription: the column, counts and timelines follow its changes. */
async function refresh(options: { sources: boolean }) {
  const client = queryClient();
  await Promise.all([
    client.invalidateQueries({ queryKey: ["inboxes"] }),
    options.sources ? client.invalidateQueries({ queryKey: subscriptionKeys.all }) : null,
    options.sources ? client.invalidateQueries({ queryKey: unreadKeys.all }) : null,
    options.sources ? client.invalidateQueries({ queryKey: timelineKeys.all }) : null,
  ]);
}

/** POST /inboxes: a new inbox, which the reader follows at once (view Articles). */
export async function createInbox(input: { handle: string; title: string }): Promise<InboxSummary> {
  const inbox = await api<InboxSummary>("inboxes", { json: { handle: normaliseHandle(input.handle), title: input.title.trim() || null } });
  await refresh({ sources: true });
  return inbox;
}

/** PUT /inboxes: a new title (empty clears it). */
export async function renameInbox(handle: string, title: string): Promise<InboxSummary> {
  const inbox = await api<InboxSummary>("inboxes", { method: "PUT", json: { handle, title: title.trim() || null } });
  await refresh({ sources: true });
  return inbox;
}

/** DELETE /inboxes: the inbox and every entry it received. */
export async function deleteInbox(handle: string): Promise<void> {
  await api("inboxes", { method: "DELETE", json: { handle } });
  await refresh({ sources: true });
}

export { statusConfigsQuery } from "../../queries/status.ts";
