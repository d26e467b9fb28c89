export { folderState, useFolderOpen } from "./folder-state.ts";
export { SubscriptionColumn } from "./subscription-column.tsx";
export {
  activeRowId,
  buildSubscriptionTree,
  type FeedNode,
  type FolderNode,
  type SubscriptionTree,
  unreadByView,
} from "./subscription-tree.ts";
