import { useSyncExternalStore } from "react";

/**
 * Whether the app is in dark mode, following changes. The theme module toggles the `dark` class on
 * `<html>` (also when the device preference flips in "system" mode), so the class is the single
 * source of truth and a MutationObserver is enough to react to it.
 */
export function useDarkMode(): boolean {
  return useSyncExternalStore(subscribe, isDark, () => false);
}

function isDark(): boolean {
  return document.documentElement.classList.contains("dark");
}

function subscribe(onChange: () => void): () => void {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ["class"] });
  return () => observer.disconnect();
}
