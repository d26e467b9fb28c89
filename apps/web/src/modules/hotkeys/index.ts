export { focusArea } from "./focus-area.ts";
export { FocusArea } from "./focus-area-view.tsx";
export { displayKeys, isApple, isEditable } from "./keys.ts";
export { SHORTCUTS, type ShortcutId } from "./shortcuts.ts";
export { toggleShortcutsGuide } from "./shortcuts-guide.tsx";
export { shortcutsSettingsTab } from "./settings-tab.ts";
export { useHotkey } from "./use-hotkey.ts";
