import { queryOptions } from "@tanstack/react-query";
import type { ActionRule, ActionSettings, ActionsData } from "@tidings/contracts";
import { api } from "../../lib/api-client.ts";
import { queryClient } from "../../lib/query-client-instance.ts";
import { timelineKeys } from "../../queries/timeline.ts";
import { unreadKeys } from "../../queries/unread.ts";

/** One entry a preview matched, with what the rules would do to it. */
export interface ActionPreviewMatch {
  entryId: string;
  title: string | null;
  feedTitle: string | null;
  publishedAt: string;
  rules: string[];
  block: boolean;
  settings: ActionSettings;
  webhooks: string[];
  title_rewritten: string | null;
}

/** `POST /actions/preview`: how many entries were tried and those matched. */
export interface ActionPreview {
  tried: number;
  matches: ActionPreviewMatch[];
}

/** A webhook delivery of the log (`GET /actions/deliveries`). */
export interface WebhookDelivery {
  id: string;
  entryId: string | null;
  rule: string;
  url: string;
  status: "pending" | "delivered" | "failed";
  attempts: number;
  lastStatus: number | null;
  lastError: string | null;
  createdAt: string;
  deliveredAt: string | null;
  nextAttemptAt: string | null;
}

export const actionsKeys = {
  all: ["actions"] as const,
  rules: ["actions", "rules"] as const,
  deliveries: ["actions", "deliveries"] as const,
};

/** `GET /actions`: the reader's saved rules and webhook secret. */
export const actionsQuery = queryOptions({
  queryKey: actionsKeys.rules,
  queryFn: () => api<ActionsData>("actions"),
});

/** `GET /actions/deliveries`: the newest webhook deliveries, refreshed while any is pending. */
export const deliveriesQuery = queryOptions({
  queryKey: actionsKeys.deliveries,
  queryFn: () => api<WebhookDelivery[]>("actions/deliveries", { query: { limit: 50 } }),
  refetchInterval: (query) => (query.state.data?.some((delivery) => delivery.status === "pending") ? 5000 : false),
});

/** `PUT /actions`: replaces the rules (they act on entries that arrive from now on). */
export async function saveActions(rules: ActionRule[]): Promise<ActionsData> {
  const saved = await api<ActionsData>("actions", { method: "PUT", json: { rules } });
  queryClient().setQueryData(actionsKeys.rules, saved);
  // Titles and contents are rewritten as they are shown: timelines read again.
  await queryClient().invalidateQueries({ queryKey: timelineKeys.all });
  return saved;
}

/** `POST /actions/preview`: unsaved rules tried on the reader's newest entries. */
export function previewActions(rules: ActionRule[]): Promise<ActionPreview> {
  return api<ActionPreview>("actions/preview", { json: { rules } });
}

/** `POST /actions/apply`: the saved rules block, silence and star among entries already there. */
export async function applyActionsToExisting(): Promise<{ matched: number; blocked: number; silenced: number; starred: number }> {
  const result = await api<{ matched: number; blocked: number; silenced: number; starred: number }>("actions/apply", { method: "POST" });
  await Promise.all([
    queryClient().invalidateQueries({ queryKey: timelineKeys.all }),
    queryClient().invalidateQueries({ queryKey: unreadKeys.all }),
  ]);
  return result;
}
