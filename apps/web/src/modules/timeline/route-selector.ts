import type { FeedView, Subscription } from "@tidings/contracts";
import type { MarkAllScope } from "../../actions/mark-all.actions.ts";
import type { TimelineSelector } from "../../queries/timeline.ts";
import type { Source } from "../../store/sources.store.ts";
import { subscriptionKey } from "../../store/subscriptions.store.ts";

/** What a timeline route points at (spec §2 route parameters). */
export type TimelineTarget =
  | { kind: "all" }
  | { kind: "starred" }
  | { kind: "feeds"; feedIds: string[] }
  | { kind: "folder"; category: string }
  | { kind: "list"; listId: string }
  | { kind: "inbox"; handle: string };

/** Reads the `feedId` route parameter: all, collections, folder-…, list-…, inbox-…, an id or ids. */
export function parseTimelineTarget(feedId: string | undefined): TimelineTarget | null {
  const value = decodeURIComponent(feedId ?? "all");
  if (value === "all") return { kind: "all" };
  if (value === "collections") return { kind: "starred" };
  if (value.startsWith("folder-")) return { kind: "folder", category: value.slice("folder-".length) };
  if (value.startsWith("list-")) return { kind: "list", listId: value.slice("list-".length) };
  if (value.startsWith("inbox-")) return { kind: "inbox", handle: value.slice("inbox-".length) };
  const ids = value.split(",").filter((id) => /^\d{13,19}$/.test(id));
  return ids.length ? { kind: "feeds", feedIds: ids } : null;
}

/** The route parameter of a target (inverse of parseTimelineTarget). */
export function formatTimelineTarget(target: TimelineTarget): string {
  switch (target.kind) {
    case "all":
      return "all";
    case "starred":
      return "collections";
    case "folder":
      return `folder-${encodeURIComponent(target.category)}`;
    case "list":
      return `list-${target.listId}`;
    case "inbox":
      return `inbox-${target.handle}`;
    case "feeds":
      return target.feedIds.join(",");
  }
}

/** The path of a timeline, optionally with an entry open. */
export function timelinePath(view: FeedView, target: TimelineTarget, entryId?: string): string {
  return `/timeline/view-${view}/${formatTimelineTarget(target)}${entryId ? `/${entryId}` : ""}`;
}

/** The feed ids of a folder (category) in a view. */
export function folderFeedIds(subscriptions: Subscription[], view: FeedView, category: string): string[] {
  return subscriptions.filter((s) => s.view === view && "feedId" in s && s.category === category).map((s) => subscriptionKey(s));
}

/** The unread-count keys a target covers. */
export function targetSourceKeys(target: TimelineTarget, subscriptions: Subscription[], view: FeedView): string[] {
  switch (target.kind) {
    case "all":
      return subscriptions.filter((s) => s.view === view && "feedId" in s).map(subscriptionKey);
    case "starred":
      return [];
    case "folder":
      return folderFeedIds(subscriptions, view, target.category);
    case "feeds":
      return target.feedIds;
    case "list":
      return [target.listId];
    case "inbox":
      return [target.handle];
  }
}

/** The query for a target. */
export function selectorFor(
  target: TimelineTarget,
  view: FeedView,
  subscriptions: Subscription[],
  options: { unreadOnly: boolean; excludePrivate: boolean },
): TimelineSelector {
  const base = { view, unreadOnly: options.unreadOnly, excludePrivate: options.excludePrivate, withContent: view === 1 };
  switch (target.kind) {
    case "all":
      return base;
    case "starred":
      return { ...base, starred: true, unreadOnly: false };
    case "folder":
      return { ...base, feedIds: folderFeedIds(subscriptions, view, target.category) };
    case "feeds":
      return { ...base, feedIds: target.feedIds };
    case "list":
      return { ...base, listId: target.listId };
    case "inbox":
      return { ...base, inboxId: target.handle };
  }
}

/**
 * The sources whose entries a target shows, by the key entries carry (feed id or inbox handle):
 * a list's feeds rather than the list, the whole view for the starred timeline. What the offline
 * timeline filters the locally known entries by.
 */
export function entrySourceKeys(target: TimelineTarget, subscriptions: Subscription[], view: FeedView, sources: Record<string, Source>): string[] {
  switch (target.kind) {
    case "list": {
      const list = sources[target.listId];
      const subscription = subscriptions.find((s) => "listId" in s && s.listId === target.listId);
      if (list?.type === "list") return list.feedIds;
      return subscription && "lists" in subscription ? subscription.lists.feedIds : [];
    }
    case "starred":
      return subscriptions.filter((s) => s.view === view && !("listId" in s)).map(subscriptionKey);
    default:
      return targetSourceKeys(target, subscriptions, view);
  }
}

/** What "mark all as read" covers for a target (the starred timeline has nothing to mark). */
export function markAllScopeFor(target: TimelineTarget, view: FeedView, subscriptions: Subscription[], options: { excludePrivate: boolean }): MarkAllScope | null {
  const sourceKeys = targetSourceKeys(target, subscriptions, view);
  switch (target.kind) {
    case "starred":
      return null;
    case "all":
      if (!options.excludePrivate) return { view, sourceKeys };
      // Hidden private subscriptions stay as they are.
      return { view, sourceKeys: subscriptions.filter((s) => s.view === view && "feedId" in s && !s.isPrivate).map(subscriptionKey), excludePrivate: true };
    case "feeds":
    case "folder":
      return { view, sourceKeys, feedIds: sourceKeys };
    case "list":
      return { view, sourceKeys, listId: target.listId };
    case "inbox":
      return { view, sourceKeys, inboxId: target.handle };
  }
}
