import type { FeedSubscription, FeedView, InboxSubscription, ListSubscription, Subscription } from "@tidings/contracts";
import { hostOf } from "../../components/feed-icon.tsx";
import { subscriptionKey, subscriptionTitle } from "../../store/subscriptions.store.ts";
import type { TimelineTarget } from "../timeline/index.ts";

/** A feed row: the subscription with its unread count. */
export interface FeedNode {
  kind: "feed";
  id: string;
  subscription: FeedSubscription;
  unread: number;
}

/**
 * A folder: a category, or (setting autoGroup) the feeds without one that share a site. An
 * automatic folder has no category; its timeline is its feeds by id.
 */
export interface FolderNode {
  kind: "folder";
  /** Row id, also the key of its open/closed state: the category, or "auto:<host>". */
  id: string;
  name: string;
  category: string | null;
  /** Every feed of the folder (for its count, mark-all-read and menus)... */
  feedIds: string[];
  /** ...and those shown (hideAllReadSubscriptions hides read ones). */
  feeds: FeedNode[];
  unread: number;
}

export interface ListNode {
  kind: "list";
  id: string;
  subscription: ListSubscription;
  unread: number;
}

export interface InboxNode {
  kind: "inbox";
  id: string;
  subscription: InboxSubscription;
  unread: number;
}

export type SourceNode = FeedNode | ListNode | InboxNode;

/** The column of one view: folders and loose feeds mixed in name order, then lists, then inboxes. */
export interface SubscriptionTree {
  nodes: (FolderNode | FeedNode)[];
  lists: ListNode[];
  inboxes: InboxNode[];
  /** Unread of the view's "all" timeline (its feeds). */
  allUnread: number;
}

export interface TreeOptions {
  /** Group feeds without a category by site when two or more share one (setting autoGroup). */
  autoGroup: boolean;
  /** Hide sources with nothing unread (setting hideAllReadSubscriptions). */
  hideRead: boolean;
  /** The row being read is never hidden. */
  activeId?: string | null;
}

const AUTO_PREFIX = "auto:";
const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: "base" });
const byName = (a: { name: string }, b: { name: string }) => collator.compare(a.name, b.name);

/** The row id of a list or an inbox (the same as its route parameter). */
export const listRowId = (listId: string) => `list-${listId}`;
export const inboxRowId = (handle: string) => `inbox-${handle}`;
export const folderRowId = (category: string) => category;
export const ALL_ROW = "all";
export const STARRED_ROW = "collections";

/**
 * Builds a view's column from its subscriptions and the unread counts. Pure: the column renders
 * it and the keyboard walks it, so both agree on the order.
 */
export function buildSubscriptionTree(subscriptions: Subscription[], view: FeedView, counts: Record<string, number>, options: TreeOptions): SubscriptionTree {
  const inView = subscriptions.filter((s) => s.view === view);
  const unreadOf = (s: Subscription) => counts[subscriptionKey(s)] ?? 0;
  const shown = (node: { id: string; unread: number }) => !options.hideRead || node.unread > 0 || node.id === options.activeId;

  const feeds = inView.filter((s): s is FeedSubscription => "feedId" in s);
  const feedNode = (s: FeedSubscription): FeedNode => ({ kind: "feed", id: s.feedId, subscription: s, unread: unreadOf(s) });
  const groups = new Map<string, { category: string | null; name: string; feeds: FeedSubscription[] }>();
  const loose: FeedSubscription[] = [];
  for (const s of feeds) {
    if (s.category) {
      const group = groups.get(s.category) ?? { category: s.category, name: s.category, feeds: [] };
      group.feeds.push(s);
      groups.set(s.category, group);
    } else loose.push(s);
  }
  const top: FeedSubscription[] = [];
  if (options.autoGroup) {
    const byHost = new Map<string, FeedSubscription[]>();
    for (const s of loose) {
      const host = hostOf(s.feeds.siteUrl) ?? hostOf(s.feeds.url);
      if (!host) top.push(s);
      else byHost.set(host, [...(byHost.get(host) ?? []), s]);
    }
    for (const [host, members] of byHost) {
      if (members.length >= 2) groups.set(AUTO_PREFIX + host, { category: null, name: host, feeds: members });
      else top.push(...members);
    }
  } else top.push(...loose);

  const sortNodes = <T extends { subscription: Subscription }>(nodes: T[]): T[] =>
    [...nodes].sort((a, b) => collator.compare(subscriptionTitle(a.subscription), subscriptionTitle(b.subscription)));

  const folders: FolderNode[] = [...groups.entries()].map(([id, group]) => {
    const members = sortNodes(group.feeds.map(feedNode));
    return {
      kind: "folder",
      id,
      name: group.name,
      category: group.category,
      feedIds: members.map((node) => node.id),
      feeds: members.filter(shown),
      unread: members.reduce((sum, node) => sum + node.unread, 0),
    };
  });
  const visibleFolders = folders.filter((folder) => folder.feeds.length > 0 || folder.id === options.activeId);
  const looseNodes = top.map(feedNode).filter(shown);
  const nodes = [...visibleFolders.map((folder) => ({ node: folder, name: folder.name })), ...looseNodes.map((node) => ({ node, name: subscriptionTitle(node.subscription) }))]
    .sort(byName)
    .map((item) => item.node);

  const lists = sortNodes(
    inView.filter((s): s is ListSubscription => "listId" in s).map((s): ListNode => ({ kind: "list", id: listRowId(s.listId), subscription: s, unread: unreadOf(s) })),
  ).filter(shown);
  const inboxes = sortNodes(
    inView.filter((s): s is InboxSubscription => "inboxId" in s).map((s): InboxNode => ({ kind: "inbox", id: inboxRowId(s.inboxId), subscription: s, unread: unreadOf(s) })),
  ).filter(shown);

  return { nodes, lists, inboxes, allUnread: feeds.reduce((sum, s) => sum + unreadOf(s), 0) };
}

/** Unread per view: the sum of the counts of every subscription of the view (the tab badges). */
export function unreadByView(subscriptions: Subscription[], counts: Record<string, number>): Record<FeedView, number> {
  const result: Record<FeedView, number> = { 0: 0, 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 };
  for (const s of subscriptions) result[s.view] += counts[subscriptionKey(s)] ?? 0;
  return result;
}

/** What a row opens: the timeline target it stands for. */
export function rowTarget(node: FolderNode | SourceNode): TimelineTarget {
  switch (node.kind) {
    case "folder":
      return node.category !== null ? { kind: "folder", category: node.category } : { kind: "feeds", feedIds: node.feedIds };
    case "feed":
      return { kind: "feeds", feedIds: [node.id] };
    case "list":
      return { kind: "list", listId: node.subscription.listId };
    case "inbox":
      return { kind: "inbox", handle: node.subscription.inboxId };
  }
}

/**
 * The row the route points at. An automatic folder has no route of its own: its timeline is its
 * feeds by id, so a route naming exactly those feeds is that folder.
 */
export function activeRowId(target: TimelineTarget | null, folders: { id: string; category: string | null; feedIds: string[] }[]): string | null {
  if (!target) return null;
  switch (target.kind) {
    case "all":
      return ALL_ROW;
    case "starred":
      return STARRED_ROW;
    case "folder":
      return folderRowId(target.category);
    case "list":
      return listRowId(target.listId);
    case "inbox":
      return inboxRowId(target.handle);
    case "feeds": {
      if (target.feedIds.length === 1) return target.feedIds[0]!;
      const wanted = [...target.feedIds].sort().join(",");
      return folders.find((folder) => folder.category === null && [...folder.feedIds].sort().join(",") === wanted)?.id ?? null;
    }
  }
}

/** Every folder of a view, hidden or not (for the active row and the category suggestions). */
export function allFolders(subscriptions: Subscription[], view: FeedView, autoGroup: boolean): FolderNode[] {
  return buildSubscriptionTree(subscriptions, view, {}, { autoGroup, hideRead: false }).nodes.filter((node): node is FolderNode => node.kind === "folder");
}

/** Row ids in display order, folders followed by their feeds when open: what J and K walk. */
export function navigableRows(tree: SubscriptionTree, isOpen: (folder: FolderNode) => boolean): (FolderNode | SourceNode)[] {
  const rows: (FolderNode | SourceNode)[] = [];
  for (const node of tree.nodes) {
    rows.push(node);
    if (node.kind === "folder" && isOpen(node)) rows.push(...node.feeds);
  }
  return [...rows, ...tree.lists, ...tree.inboxes];
}
