import { setDatePattern } from "../../lib/format.ts";
import { effectiveUI, useSettings } from "../../store/settings.store.ts";

/** Ids of the style elements this module owns in `<head>`. */
export const CUSTOM_CSS_ID = "tidings-custom-css";
const RULES_ID = "tidings-setting-rules";

/** What the <html> classes set by the appearance settings do (reduceMotion, usePointerCursor, opaqueSidebar). */
const RULES = `
html.reduce-motion *, html.reduce-motion *::before, html.reduce-motion *::after {
  animation-duration: 0.01ms !important; animation-iteration-count: 1 !important;
  transition-duration: 0.01ms !important; scroll-behavior: auto !important;
}
html.pointer-cursor button:not(:disabled), html.pointer-cursor [role="button"], html.pointer-cursor [role="menuitem"],
html.pointer-cursor [role="tab"], html.pointer-cursor [role="switch"], html.pointer-cursor summary, html.pointer-cursor label { cursor: pointer; }
html.opaque-sidebar [data-sidebar] { background-color: var(--color-zinc-100, #f4f4f5) !important; backdrop-filter: none !important; }
html.opaque-sidebar.dark [data-sidebar] { background-color: var(--color-zinc-900, #18181b) !important; }
`;

function styleElement(id: string): HTMLStyleElement {
  const found = document.getElementById(id);
  if (found instanceof HTMLStyleElement) return found;
  const element = Object.assign(document.createElement("style"), { id });
  document.head.append(element);
  return element;
}

/** Applies the settings in force to the document: sizes, fonts, classes and the person's own CSS. */
export function applyAppearance(): void {
  const state = useSettings.getState();
  const ui = effectiveUI(state.ui, state.general.enhancedSettings);
  const root = document.documentElement;
  root.style.fontSize = `${ui.uiTextSize}px`;
  document.body.style.fontFamily = ui.uiFontFamily;
  root.classList.toggle("reduce-motion", ui.reduceMotion);
  root.classList.toggle("pointer-cursor", ui.usePointerCursor);
  root.classList.toggle("opaque-sidebar", ui.opaqueSidebar);
  setDatePattern(ui.dateFormat);
  styleElement(RULES_ID).textContent = RULES;
  const custom = styleElement(CUSTOM_CSS_ID);
  if (custom.textContent !== ui.customCSS) custom.textContent = ui.customCSS;
}

let unsubscribe: (() => void) | undefined;

/**
 * Keeps the document in step with the appearance settings from now on (start-up calls this once,
 * before the first paint; later calls change nothing). Answers the function that stops following them.
 */
export function startAppearanceEffects(): () => void {
  unsubscribe ??= (() => {
    applyAppearance();
    return useSettings.subscribe((state, previous) => {
      if (state.ui !== previous.ui || state.general.enhancedSettings !== previous.general.enhancedSettings) applyAppearance();
    });
  })();
  return () => {
    unsubscribe?.();
    unsubscribe = undefined;
  };
}
