export { installHotkeys, registerHotkey, type HotkeyOptions } from "./dispatcher.ts";
export { areaOf, focusArea, type FocusAreaName, useFocusArea } from "./focus-area.ts";
export { FocusArea } from "./focus-area-view.tsx";
export { displayKeys, isEditable, parseKeys } from "./keys.ts";
export { SHORTCUTS, type ShortcutId } from "./shortcuts.ts";
export { ShortcutsGuide, toggleShortcutsGuide } from "./shortcuts-guide.tsx";
export { useHotkey } from "./use-hotkey.ts";
