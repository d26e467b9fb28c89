/** Spec §9: the video's arrow keys seek 5 seconds. */
export const VIDEO_SEEK_STEP = 5;

export type VideoKeyAction = "toggle" | "back" | "forward" | "fullscreen" | "download";

const KEYS: Record<string, VideoKeyAction> = {
  " ": "toggle",
  ArrowLeft: "back",
  ArrowRight: "forward",
  f: "fullscreen",
  F: "fullscreen",
  d: "download",
  D: "download",
};

/** Keys that a focused control inside the player already gives a meaning (press, slide). */
const CONTROL_KEYS = new Set([" ", "ArrowLeft", "ArrowRight"]);

function isEditable(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || target.closest("input, textarea, select, [contenteditable='true']") !== null;
}

function isControl(target: EventTarget | null, container: HTMLElement): boolean {
  if (!(target instanceof HTMLElement) || target === container) return false;
  return target.closest("button, a, [role='slider'], [role='menuitem'], [role='menuitemradio']") !== null;
}

/**
 * What a key press means to the video player (spec §2): Space play/pause, ←/→ seek 5 s, f full
 * screen, d download. Nothing while typing, with Ctrl/Meta/Alt held (those belong to the app's
 * shortcuts), or when a focused button or slider of the player handles that key itself.
 */
export function videoKeyAction(event: KeyboardEvent, container: HTMLElement): VideoKeyAction | null {
  if (event.ctrlKey || event.metaKey || event.altKey || event.isComposing) return null;
  const action = KEYS[event.key];
  if (!action) return null;
  if (isEditable(event.target)) return null;
  if (CONTROL_KEYS.has(event.key) && isControl(event.target, container)) return null;
  return action;
}
