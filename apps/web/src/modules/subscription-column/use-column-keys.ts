import type { FeedView, Subscription } from "@tidings/contracts";
import i18next from "i18next";
import { useState } from "react";
import { useGeneralSetting } from "../../store/settings.store.ts";
import { subscriptionTitle } from "../../store/subscriptions.store.ts";
import { useHotkey } from "../hotkeys/index.ts";
import { confirmMarkAllRead } from "../mark-all/index.ts";
import { markAllScopeFor, type TimelineTarget } from "../timeline/index.ts";
import { folderState } from "./folder-state.ts";
import { ALL_ROW, type FolderNode, navigableRows, rowTarget, type SourceNode, STARRED_ROW, type SubscriptionTree } from "./subscription-tree.ts";

type Row = FolderNode | SourceNode | { kind: "all"; id: string } | { kind: "starred"; id: string };

const targetOf = (row: Row): TimelineTarget => (row.kind === "all" ? { kind: "all" } : row.kind === "starred" ? { kind: "starred" } : rowTarget(row));

/** The name of what a mark-all-read covers, for its confirmation. */
function labelOf(row: Row | undefined, view: FeedView): string {
  if (!row || row.kind === "all" || row.kind === "starred") return i18next.t(`common:views.${view}`);
  return row.kind === "folder" ? row.name : subscriptionTitle(row.subscription);
}

/**
 * The column's keys (spec §2 subscription shortcuts): J/K (↓/↑) move a cursor over the rows and
 * open each, O/Enter opens or closes the folder under it, B opens the site of its feed, and
 * Shift+Cmd+A marks the current timeline read from anywhere. Answers the row under the cursor.
 */
export function useColumnKeys(options: {
  view: FeedView;
  tree: SubscriptionTree;
  target: TimelineTarget | null;
  activeId: string | null;
  subscriptions: Subscription[];
  go: (view: FeedView, target: TimelineTarget) => void;
}): string | null {
  const { view, tree, target, activeId, subscriptions, go } = options;
  const excludePrivate = useGeneralSetting("hidePrivateSubscriptionsInTimeline");
  // The cursor holds while the route stays; when the route moves (a click, a view switch) it
  // follows the route.
  const routeKey = `${view}:${activeId}`;
  const [cursor, setCursor] = useState<{ id: string; routeKey: string } | null>(null);
  const current = cursor?.routeKey === routeKey ? cursor.id : activeId;

  const rows = (): Row[] => [
    { kind: "all", id: ALL_ROW },
    { kind: "starred", id: STARRED_ROW },
    ...navigableRows(tree, (folder) => folderState.isOpen(view, folder.id) || (!!activeId && folder.feedIds.includes(activeId))),
  ];
  const find = (id: string | null) => rows().find((row) => row.id === id);

  const move = (step: 1 | -1) => {
    const list = rows();
    const index = list.findIndex((row) => row.id === current);
    const next = list[index < 0 ? (step > 0 ? 0 : list.length - 1) : Math.min(list.length - 1, Math.max(0, index + step))]!;
    setCursor({ id: next.id, routeKey });
    go(view, targetOf(next));
    requestAnimationFrame(() => document.querySelector(`[data-row-id="${CSS.escape(next.id)}"]`)?.scrollIntoView({ block: "nearest" }));
  };

  useHotkey("subscription.next", () => move(1));
  useHotkey("subscription.previous", () => move(-1));
  useHotkey("subscription.toggleFolder", () => {
    const row = find(current);
    if (row?.kind !== "folder") return false;
    folderState.toggle(view, row.id);
  });
  useHotkey("subscription.openInBrowser", () => {
    const row = find(current);
    if (row?.kind !== "feed") return false;
    const { siteUrl, url } = row.subscription.feeds;
    const address = siteUrl ?? url;
    if (!/^https?:\/\//i.test(address)) return false;
    window.open(address, "_blank", "noopener,noreferrer");
  });
  useHotkey("subscription.markAllRead", () => {
    const scope = target ? markAllScopeFor(target, view, subscriptions, { excludePrivate }) : null;
    if (!scope) return false;
    void confirmMarkAllRead(scope, labelOf(find(activeId), view));
  });

  return current;
}
