import { FEED_VIEWS, type FeedSubscription, type FeedView, type InboxSubscription, type ListSubscription, type ListSummary } from "@tidings/contracts";
import i18next, { type TOptions } from "i18next";
import {
  ArrowRightLeft,
  AtSign,
  BadgeCheck,
  CheckCheck,
  ExternalLink,
  FolderInput,
  FolderMinus,
  FolderPen,
  FolderPlus,
  Hash,
  Link,
  ListPlus,
  Navigation,
  Pencil,
  Rocket,
  Rss,
  Share2,
  Trash2,
  UserMinus,
} from "lucide-react";
import { subscriptionTitle } from "../../store/subscriptions.store.ts";
import { openBoostDialog } from "../power/boot.ts";
import { openShareDialog } from "../share/boot.ts";
import { openClaimDialog } from "./claim-dialog.tsx";
import { openEditSubscription } from "./edit-subscription-dialog.tsx";
import type { MenuItem } from "./menu.tsx";
import { rowActions } from "./row-actions.ts";
import type { FolderNode } from "./subscription-tree.ts";
import type { TimelineTarget } from "../timeline/index.ts";

/** What the menus need from where they open. */
export interface MenuEnv {
  view: FeedView;
  /** The signed-in reader (claims, "owned by you"). */
  userId: string | null;
  /** Categories in use, offered by "move to category". */
  categories: string[];
  go: (view: FeedView, target: TimelineTarget) => void;
  copy: (text: string) => void;
  /** Called before sources disappear, so the column can leave a timeline that is going away. */
  onRemoved: (keys: string[]) => void;
  /** The instance has POWER on: feeds can be boosted. */
  power: boolean;
  /** The reader's own lists (GET /lists/list), loaded when a feed's menu opens. */
  ownedLists: { status: "pending" | "error" | "success"; lists: ListSummary[] };
}

const t = (key: string, options: TOptions = {}) => i18next.t(`app:subscriptions.menu.${key}`, options);
const viewName = (view: FeedView) => i18next.t(`common:views.${view}`);
const separator = (id: string): MenuItem => ({ type: "separator", id });

const openInBrowser = (url: string) => window.open(url, "_blank", "noopener,noreferrer");
const isWebUrl = (url: string | null | undefined): url is string => !!url && /^https?:\/\//i.test(url);

/** Move to another category: no category, the existing ones, or a new one. */
function categorySubmenu(feedIds: string[], current: string | null, env: MenuEnv): MenuItem {
  const items: MenuItem[] = env.categories
    .filter((category) => category !== current)
    .map((category) => ({ type: "item", id: `category:${category}`, label: category, onSelect: () => rowActions.moveToCategory(feedIds, category) }));
  if (current !== null || feedIds.length > 1) items.unshift({ type: "item", id: "category:none", icon: FolderMinus, label: t("no_category"), onSelect: () => rowActions.moveToCategory(feedIds, null) });
  return {
    type: "submenu",
    id: "move-category",
    icon: FolderInput,
    label: t("move_to_category"),
    items: [...items, ...(items.length ? [separator("category-sep")] : []), { type: "item", id: "category:new", icon: FolderPlus, label: t("new_category"), onSelect: () => void rowActions.moveToNewCategory(feedIds, env.categories) }],
  };
}

function viewSubmenu(current: FeedView, onSelect: (view: FeedView) => void): MenuItem {
  return {
    type: "submenu",
    id: "move-view",
    icon: ArrowRightLeft,
    label: t("move_to_view"),
    items: FEED_VIEWS.filter((view) => view !== current).map((view) => ({ type: "item", id: `view:${view}`, label: viewName(view), onSelect: () => onSelect(view) })),
  };
}

function listSubmenu(feedId: string, env: MenuEnv): MenuItem {
  const { status, lists } = env.ownedLists;
  const items: MenuItem[] =
    status === "pending"
      ? [{ type: "label", id: "lists:loading", label: t("lists_loading") }]
      : status === "error"
        ? [{ type: "label", id: "lists:error", label: t("lists_error") }]
        : lists.length === 0
          ? [{ type: "label", id: "lists:none", label: t("lists_none") }]
          : lists.map((list) => ({
              type: "item",
              id: `list:${list.id}`,
              label: list.title,
              disabled: list.feedIds.includes(feedId),
              onSelect: () => void rowActions.addToList(list.id, list.title, feedId),
            }));
  return { type: "submenu", id: "add-to-list", icon: ListPlus, label: t("add_to_list"), items };
}

/** The menu of a feed row; with several feeds selected, the batch menu instead. */
export function feedMenu(subscription: FeedSubscription, env: MenuEnv, selected: FeedSubscription[] = [subscription]): MenuItem[] {
  if (selected.length > 1) return batchMenu(selected, env);
  const { feedId, feeds: feed } = subscription;
  const title = subscriptionTitle(subscription);
  const owner = feed.ownerUserId;
  const claim: MenuItem[] =
    owner && owner === env.userId
      ? [{ type: "item", id: "owned", icon: BadgeCheck, label: t("owned"), disabled: true, onSelect: () => undefined }]
      : owner || !env.userId
        ? []
        : [{ type: "item", id: "claim", icon: BadgeCheck, label: t("claim"), onSelect: () => openClaimDialog(subscription, env.userId!) }];
  const boost: MenuItem[] = env.power && env.userId ? [{ type: "item", id: "boost", icon: Rocket, label: t("boost"), onSelect: () => openBoostDialog({ feedId, title }) }] : [];
  return [
    { type: "item", id: "mark-read", icon: CheckCheck, label: t("mark_all_read"), onSelect: () => rowActions.markAllRead({ view: env.view, sourceKeys: [feedId], feedIds: [feedId] }, title) },
    separator("s1"),
    { type: "item", id: "edit", icon: Pencil, label: t("edit"), onSelect: () => openEditSubscription(subscription) },
    categorySubmenu([feedId], subscription.category, env),
    viewSubmenu(subscription.view, (view) => rowActions.moveToView([feedId], view)),
    listSubmenu(feedId, env),
    ...claim,
    ...boost,
    separator("s2"),
    { type: "item", id: "open-feed", icon: Rss, label: t("open_feed"), disabled: !isWebUrl(feed.url), onSelect: () => openInBrowser(feed.url) },
    { type: "item", id: "open-site", icon: ExternalLink, label: t("open_site"), disabled: !isWebUrl(feed.siteUrl), onSelect: () => openInBrowser(feed.siteUrl!) },
    { type: "item", id: "copy-url", icon: Link, label: t("copy_feed_url"), onSelect: () => env.copy(feed.url) },
    { type: "item", id: "copy-id", icon: Hash, label: t("copy_feed_id"), onSelect: () => env.copy(feedId) },
    { type: "item", id: "copy-share", icon: Share2, label: t("copy_share_url"), onSelect: () => env.copy(`${window.location.origin}/share/feeds/${feedId}?view=${subscription.view}`) },
    { type: "item", id: "share", icon: Share2, label: i18next.t("app:share_dialog.open"), onSelect: () => openShareDialog({ kind: "feed", id: feedId, title, view: subscription.view }) },
    { type: "item", id: "navigate", icon: Navigation, label: t("navigate_feed"), onSelect: () => env.go(subscription.view, { kind: "feeds", feedIds: [feedId] }) },
    separator("s3"),
    { type: "item", id: "unfollow", icon: UserMinus, label: t("unfollow"), danger: true, onSelect: () => void rowActions.unfollow([feedId], title, () => env.onRemoved([feedId])) },
  ];
}

/** Several feeds picked with Cmd/Ctrl-click: act on all of them at once. */
function batchMenu(selected: FeedSubscription[], env: MenuEnv): MenuItem[] {
  const feedIds = selected.map((s) => s.feedId);
  return [
    { type: "label", id: "selected", label: t("selected", { count: feedIds.length }) },
    { type: "item", id: "mark-read", icon: CheckCheck, label: t("mark_all_read"), onSelect: () => rowActions.markAllRead({ view: env.view, sourceKeys: feedIds, feedIds }, t("selected", { count: feedIds.length })) },
    categorySubmenu(feedIds, null, env),
    viewSubmenu(env.view, (view) => rowActions.moveToView(feedIds, view)),
    separator("s1"),
    { type: "item", id: "unfollow", icon: UserMinus, label: t("unfollow_many", { count: feedIds.length }), danger: true, onSelect: () => void rowActions.unfollow(feedIds, "", () => env.onRemoved(feedIds)) },
  ];
}

/** The menu of a folder. An automatic (by-site) folder has no category to ungroup. */
export function folderMenu(folder: FolderNode, env: MenuEnv, onRenamed: (name: string) => void): MenuItem[] {
  return [
    { type: "item", id: "mark-read", icon: CheckCheck, label: t("mark_all_read"), onSelect: () => rowActions.markAllRead({ view: env.view, sourceKeys: folder.feedIds, feedIds: folder.feedIds }, folder.name) },
    separator("s1"),
    {
      type: "item",
      id: "rename",
      icon: FolderPen,
      label: t("rename_folder"),
      onSelect: () => void rowActions.renameFolder(env.view, folder, env.categories).then((name) => name && onRenamed(name)),
    },
    viewSubmenu(env.view, (view) => void rowActions.moveFolderToView(env.view, folder, view)),
    separator("s2"),
    ...(folder.category !== null ? [{ type: "item", id: "ungroup", icon: FolderMinus, label: t("ungroup"), onSelect: () => void rowActions.ungroupFolder(folder) } satisfies MenuItem] : []),
    {
      type: "item",
      id: "delete-folder",
      icon: Trash2,
      label: t("delete_folder"),
      danger: true,
      onSelect: () => void rowActions.deleteFolderWithFeeds(env.view, folder, () => env.onRemoved([folder.id, ...folder.feedIds])),
    },
  ];
}

/** The menu of a list row (spec §9 list actions). */
export function listMenu(subscription: ListSubscription, env: MenuEnv): MenuItem[] {
  const { listId } = subscription;
  const title = subscriptionTitle(subscription);
  return [
    { type: "item", id: "mark-read", icon: CheckCheck, label: t("mark_all_read"), onSelect: () => rowActions.markAllRead({ view: env.view, sourceKeys: [listId], listId }, title) },
    separator("s1"),
    { type: "item", id: "edit", icon: Pencil, label: t("edit"), onSelect: () => openEditSubscription(subscription) },
    { type: "item", id: "navigate", icon: Navigation, label: t("navigate_list"), onSelect: () => env.go(subscription.view, { kind: "list", listId }) },
    { type: "item", id: "copy-id", icon: Hash, label: t("copy_list_id"), onSelect: () => env.copy(listId) },
    { type: "item", id: "copy-share", icon: Share2, label: t("copy_share_url"), onSelect: () => env.copy(`${window.location.origin}/share/lists/${listId}`) },
    { type: "item", id: "share", icon: Share2, label: i18next.t("app:share_dialog.open"), onSelect: () => openShareDialog({ kind: "list", id: listId, title }) },
    separator("s2"),
    { type: "item", id: "unfollow", icon: UserMinus, label: t("unfollow"), danger: true, onSelect: () => void rowActions.unfollow([listId], title, () => env.onRemoved([listId])) },
  ];
}

/** The menu of an inbox row. */
export function inboxMenu(subscription: InboxSubscription, env: MenuEnv): MenuItem[] {
  const handle = subscription.inboxId;
  const title = subscriptionTitle(subscription);
  return [
    { type: "item", id: "mark-read", icon: CheckCheck, label: t("mark_all_read"), onSelect: () => rowActions.markAllRead({ view: env.view, sourceKeys: [handle], inboxId: handle }, title) },
    separator("s1"),
    { type: "item", id: "edit", icon: Pencil, label: t("edit_title"), onSelect: () => openEditSubscription(subscription) },
    { type: "item", id: "copy-email", icon: AtSign, label: t("copy_email"), disabled: !subscription.inboxes.email, onSelect: () => env.copy(subscription.inboxes.email) },
    { type: "item", id: "copy-id", icon: Hash, label: t("copy_inbox_id"), onSelect: () => env.copy(handle) },
  ];
}
