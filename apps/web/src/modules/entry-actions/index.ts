// The actions on an entry (spec §9 "Entry actions"): one hook, the reader toolbar, the timeline's
// context menu and the customise-toolbar dialog.
export { useEntryActions } from "./use-entry-actions.ts";
export { EntryToolbar, type EntryToolbarProps } from "./entry-toolbar.tsx";
export { EntryContextMenu, type EntryContextMenuProps } from "./entry-context-menu.tsx";
export { openCustomizeToolbar } from "./customize-dialog.tsx";
export { CustomizeToolbar } from "./customize-toolbar.tsx";
export { toggleReadability, toggleSourceContent } from "./readability.ts";
export { openInBrowser } from "./share.ts";
export { PRINT_ATTRIBUTE } from "./print-entry.ts";
export { DEFAULT_MAIN, splitToolbar, type ToolbarOrder } from "./toolbar-order.ts";
export { ENTRY_ACTION_IDS, type EntryAction, type EntryActionContext, type EntryActionId, type EntryActions } from "./types.ts";
