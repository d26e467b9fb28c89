import { displayKeys, SHORTCUTS, type ShortcutId } from "../hotkeys/index.ts";

/** The first keys of a shortcut as shown to people ("M", "⌘⇧C"), for tooltips and menus. */
export function shortcutText(id: ShortcutId | undefined): string | null {
  if (!id) return null;
  const keys = SHORTCUTS[id].keys[0];
  return keys ? displayKeys(keys).join(" ") : null;
}

/** A shortcut hint in a tooltip or at the end of a menu item. */
export function ShortcutKeys({ id, className }: { id: ShortcutId | undefined; className?: string }) {
  const text = shortcutText(id);
  if (!text) return null;
  return (
    <kbd className={`rounded border border-current/20 px-1 font-sans text-[0.7rem] leading-4 tabular-nums opacity-70 ${className ?? ""}`}>{text}</kbd>
  );
}
