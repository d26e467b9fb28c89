import { isApple, SHORTCUTS, type ShortcutId } from "../hotkeys/index.ts";

/** The keydown a shortcut's first keys make ("mod+shift+a": ⌘ on Apple systems, Ctrl elsewhere). */
export function shortcutKeyEvent(id: ShortcutId, apple: boolean): KeyboardEventInit & { key: string } {
  const first = SHORTCUTS[id].keys[0]!.split(" ")[0]!;
  const parts = first.split("+");
  const key = parts.at(-1) === "" ? "+" : parts.at(-1)!;
  const modifiers = new Set(parts.slice(0, -1));
  const mod = modifiers.has("mod");
  return {
    key: key.length === 1 ? key : key[0]!.toUpperCase() + key.slice(1).replace(/^Arrow(\w)/, (_, c: string) => `Arrow${c.toUpperCase()}`),
    ctrlKey: modifiers.has("ctrl") || (mod && !apple),
    metaKey: modifiers.has("meta") || (mod && apple),
    shiftKey: modifiers.has("shift"),
    altKey: modifiers.has("alt"),
    bubbles: true,
    cancelable: true,
  };
}

/** Runs a shortcut as its keys would: a keydown where the reader's focus is. */
export function runShortcut(id: ShortcutId): void {
  const target = document.activeElement instanceof HTMLElement ? document.activeElement : document.body;
  target.dispatchEvent(new KeyboardEvent("keydown", shortcutKeyEvent(id, isApple())));
}
