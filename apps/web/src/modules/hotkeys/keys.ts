/**
 * Key combinations as written in the shortcut table: "mod+shift+a", "j", "arrowdown", "shift+?",
 * "[" and sequences "g g" (space-separated, each step within 1000 ms of the previous, spec §9).
 * `mod` is ⌘ on Apple systems and Ctrl elsewhere.
 */

export interface Combo {
  key: string;
  mod: boolean;
  ctrl: boolean;
  meta: boolean;
  shift: boolean;
  alt: boolean;
}

/** The hotkey sequence timeout (spec §9). */
export const SEQUENCE_TIMEOUT_MS = 1000;

export const isApple = () => typeof navigator !== "undefined" && /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);

const ALIASES: Record<string, string> = { esc: "escape", up: "arrowup", down: "arrowdown", left: "arrowleft", right: "arrowright", space: " ", comma: ",", plus: "+" };

/** "mod+shift+a" → Combo; a sequence is an array of them. */
export function parseKeys(keys: string): Combo[] {
  return keys
    .trim()
    .split(/\s+/)
    .map((step) => {
      const parts = step.toLowerCase().split("+");
      // "mod++" or "shift+plus": a trailing empty part is the plus key itself.
      const raw = parts.at(-1) === "" ? "+" : parts.at(-1)!;
      const modifiers = new Set(parts.slice(0, parts.at(-1) === "" ? -2 : -1));
      return {
        key: ALIASES[raw] ?? raw,
        mod: modifiers.has("mod"),
        ctrl: modifiers.has("ctrl"),
        meta: modifiers.has("meta") || modifiers.has("cmd"),
        shift: modifiers.has("shift"),
        alt: modifiers.has("alt") || modifiers.has("option"),
      };
    });
}

/** The key of an event as combos name it: lower case, layout-independent for letters and digits. */
export function eventKey(event: KeyboardEvent): string {
  // With Alt or Shift, `key` may be "å" or "!" on some layouts; `code` keeps letters and digits stable.
  if (/^Key[A-Z]$/.test(event.code)) return event.code.slice(3).toLowerCase();
  if (/^Digit\d$/.test(event.code) && !event.shiftKey) return event.code.slice(5);
  return event.key.toLowerCase();
}

/** Whether a key event is this combination, modifiers exactly (Shift is free for symbols like "?"). */
export function matchesCombo(event: KeyboardEvent, combo: Combo): boolean {
  const apple = isApple();
  const wantMeta = combo.meta || (combo.mod && apple);
  const wantCtrl = combo.ctrl || (combo.mod && !apple);
  if (event.metaKey !== wantMeta || event.ctrlKey !== wantCtrl || event.altKey !== combo.alt) return false;
  const key = eventKey(event);
  if (key === combo.key) return event.shiftKey === combo.shift || (!/^[a-z0-9]$/.test(key) && key.length === 1 && !combo.shift);
  // "shift+/" written for "?": compare the unshifted key too.
  return combo.shift && event.shiftKey && event.key.toLowerCase() === combo.key;
}

/** A combination as shown to people: ⌘⇧A on Apple systems, Ctrl+Shift+A elsewhere. */
export function displayKeys(keys: string): string[] {
  const apple = isApple();
  return parseKeys(keys).map((combo) => {
    const names: string[] = [];
    if (combo.mod) names.push(apple ? "⌘" : "Ctrl");
    if (combo.ctrl) names.push(apple ? "⌃" : "Ctrl");
    if (combo.meta) names.push(apple ? "⌘" : "Meta");
    if (combo.alt) names.push(apple ? "⌥" : "Alt");
    if (combo.shift) names.push(apple ? "⇧" : "Shift");
    const key = KEY_NAMES[combo.key] ?? (combo.key.length === 1 ? combo.key.toUpperCase() : combo.key[0]!.toUpperCase() + combo.key.slice(1));
    names.push(key);
    return apple ? names.join("") : names.join("+");
  });
}

const KEY_NAMES: Record<string, string> = {
  arrowup: "↑",
  arrowdown: "↓",
  arrowleft: "←",
  arrowright: "→",
  " ": "Space",
  escape: "Esc",
  enter: "↵",
  pageup: "PgUp",
  pagedown: "PgDn",
  tab: "Tab",
};

/** Whether typing goes into this element: shortcuts stay quiet there (spec §2). */
export function isEditable(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  const tag = target.tagName;
  if (tag === "TEXTAREA" || tag === "SELECT") return true;
  if (tag !== "INPUT") return false;
  const type = (target as HTMLInputElement).type;
  return !["checkbox", "radio", "button", "submit", "reset", "range", "color", "file"].includes(type);
}
