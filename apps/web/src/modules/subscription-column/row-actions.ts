import type { FeedView } from "@tidings/contracts";
import i18next, { type TOptions } from "i18next";
import { toast } from "sonner";
import type { MarkAllScope } from "../../actions/mark-all.actions.ts";
import { addFeedToList, deleteCategory, renameCategory, unsubscribe, updateSubscription, updateSubscriptions } from "../../actions/subscription.actions.ts";
import { confirmMarkAllRead } from "../mark-all/index.ts";
import { confirm } from "../modal/index.ts";
import { toastError } from "../toast/index.ts";
import { folderState } from "./folder-state.ts";
import { promptCategory } from "./prompt-category.tsx";
import type { FolderNode } from "./subscription-tree.ts";

const t = (key: string, options: TOptions = {}) => i18next.t(`app:subscriptions.${key}`, options);
const quiet = () => undefined;

/**
 * What the menus of the column do. Each one goes through an optimistic action (the change shows
 * at once, is undone with an error toast when the server refuses); the confirmations follow
 * spec §2 (danger for unfollowing).
 */
export const rowActions = {
  markAllRead(scope: MarkAllScope, what: string): void {
    void confirmMarkAllRead(scope, what);
  },

  async unfollow(keys: string[], what: string, onRemoved?: () => void): Promise<void> {
    const yes = await confirm({
      title: keys.length > 1 ? t("unfollow_many_title", { count: keys.length }) : t("unfollow_title", { title: what }),
      message: t("unfollow_message"),
      variant: "danger",
      confirmText: t("unfollow"),
    });
    if (!yes) return;
    onRemoved?.();
    await unsubscribe(keys).catch(quiet);
  },

  moveToCategory(feedIds: string[], category: string | null): void {
    const action = feedIds.length > 1 ? updateSubscriptions(feedIds, { category }) : updateSubscription(feedIds[0]!, { category });
    void action.catch(quiet);
  },

  async moveToNewCategory(feedIds: string[], suggestions: string[]): Promise<void> {
    const name = await promptCategory({ title: t("new_category_title"), suggestions, confirmText: t("move") });
    if (name) rowActions.moveToCategory(feedIds, name);
  },

  moveToView(keys: string[], view: FeedView): void {
    const action = keys.length > 1 ? updateSubscriptions(keys, { view }) : updateSubscription(keys[0]!, { view });
    void action.catch(quiet);
  },

  async addToList(listId: string, listTitle: string, feedId: string): Promise<void> {
    try {
      await addFeedToList(listId, feedId);
      toast.success(t("added_to_list", { title: listTitle }));
    } catch (error) {
      toastError(error);
    }
  },

  /** Renames a folder; its open/closed state moves with it, and back if the server refuses. */
  async renameFolder(view: FeedView, folder: FolderNode, suggestions: string[]): Promise<string | null> {
    const name = await promptCategory({ title: t("rename_folder_title", { name: folder.name }), initial: folder.category ?? folder.name, suggestions, confirmText: t("rename") });
    if (!name) return null;
    await renameFolderTo(view, folder, name);
    return name;
  },

  async ungroupFolder(folder: FolderNode): Promise<void> {
    await deleteCategory(folder.feedIds, { deleteSubscriptions: false }).catch(quiet);
  },

  async deleteFolderWithFeeds(view: FeedView, folder: FolderNode, onRemoved?: () => void): Promise<void> {
    const yes = await confirm({
      title: t("delete_folder_title", { name: folder.name }),
      message: t("delete_folder_message", { count: folder.feedIds.length }),
      variant: "danger",
      confirmText: t("delete_folder_confirm"),
    });
    if (!yes) return;
    onRemoved?.();
    folderState.set(view, folder.id, false);
    await deleteCategory(folder.feedIds, { deleteSubscriptions: true }).catch(quiet);
  },

  /** Moves every feed of a folder to another view; the folder keeps its open state there. */
  async moveFolderToView(view: FeedView, folder: FolderNode, to: FeedView): Promise<void> {
    folderState.move({ view, name: folder.id }, { view: to, name: folder.id });
    await updateSubscriptions(folder.feedIds, { view: to }).catch(() => folderState.move({ view: to, name: folder.id }, { view, name: folder.id }));
  },
};

/** The rename itself (also used by tests): state first, then the server, state back on failure. */
export async function renameFolderTo(view: FeedView, folder: FolderNode, name: string): Promise<void> {
  folderState.move({ view, name: folder.id }, { view, name });
  try {
    await renameCategory(folder.feedIds, name);
  } catch {
    folderState.move({ view, name }, { view, name: folder.id });
  }
}
