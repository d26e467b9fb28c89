// The actions on an entry (spec §9 "Entry actions"): one hook, the reader toolbar, the timeline's
// context menu and the customise-toolbar dialog.
export { useEntryActions } from "./use-entry-actions.ts";
export { EntryToolbar } from "./entry-toolbar.tsx";
export { EntryContextMenu } from "./entry-context-menu.tsx";
export { CustomizeToolbar } from "./customize-toolbar.tsx";
export { toggleReadability } from "./readability.ts";
export { openInBrowser } from "./share.ts";
export { PRINT_ATTRIBUTE } from "./print-entry.ts";
export type { EntryActionId } from "./types.ts";
