import { create } from "zustand";

/**
 * Focus areas of spec §2. Keyboard scopes follow them: a shortcut scoped to "timeline" works while
 * focus is in the timeline. Menu, modal, dropdown-menu and recording are overlays: while one has
 * focus, only shortcuts declared for it run.
 */
export const FOCUS_AREAS = [
  "home",
  "menu",
  "modal",
  "dropdown-menu",
  "recording",
  "video-player",
  "timeline",
  "entry-render",
  "subscription-list",
  "sub-layer",
] as const;
export type FocusAreaName = (typeof FOCUS_AREAS)[number];

export const OVERLAY_AREAS: ReadonlySet<FocusAreaName> = new Set(["menu", "modal", "dropdown-menu", "recording"]);

/** The attribute that marks an element as a focus area. */
export const FOCUS_AREA_ATTRIBUTE = "data-focus-area";

/** The area an element belongs to: its closest marked ancestor; Radix menus and dialogs count too. */
export function areaOf(element: Element | null): FocusAreaName {
  if (!element || !(element instanceof Element)) return "home";
  const marked = element.closest(`[${FOCUS_AREA_ATTRIBUTE}],[role=dialog],[role=alertdialog],[role=menu]`);
  if (!marked) return "home";
  const name = marked.getAttribute(FOCUS_AREA_ATTRIBUTE);
  if (name && (FOCUS_AREAS as readonly string[]).includes(name)) return name as FocusAreaName;
  const role = marked.getAttribute("role");
  return role === "menu" ? "menu" : "modal";
}

/** The focused area, kept current from focus events, for components that show it. */
export const useFocusArea = create<{ area: FocusAreaName }>(() => ({ area: "home" }));

let listening = false;

/** Follows focus changes (installed once by the hotkey dispatcher). */
export function trackFocusAreas(): void {
  if (listening || typeof document === "undefined") return;
  listening = true;
  const update = () => {
    const area = areaOf(document.activeElement);
    if (useFocusArea.getState().area !== area) useFocusArea.setState({ area });
  };
  document.addEventListener("focusin", update);
  document.addEventListener("focusout", () => queueMicrotask(update));
}

/** Moves focus into an area (the "focus timeline / subscriptions / entry" shortcuts). */
export function focusArea(name: FocusAreaName): boolean {
  const element = document.querySelector<HTMLElement>(`[${FOCUS_AREA_ATTRIBUTE}="${name}"]`);
  if (!element) return false;
  element.focus({ preventScroll: true });
  return true;
}
