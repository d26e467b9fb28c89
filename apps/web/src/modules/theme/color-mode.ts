import { create } from "zustand";
import { storage } from "../../lib/storage.ts";

export type ColorMode = "light" | "dark" | "system";
export const COLOR_MODES: readonly ColorMode[] = ["light", "dark", "system"];

const KEY = "color-mode";
const darkQuery = () => window.matchMedia("(prefers-color-scheme: dark)");
/** The page's background in each mode: the installed app's title bar takes it (index.html's theme-color tags). */
export const THEME_COLORS = { light: "#ffffff", dark: "#09090b" } as const;

function readMode(): ColorMode {
  const stored = storage.get(KEY);
  return stored === "light" || stored === "dark" ? stored : "system";
}

/** The chosen colour mode (default system, which follows the device). */
export const useColorMode = create<{ mode: ColorMode }>(() => ({ mode: readMode() }));

function apply(mode: ColorMode): void {
  const dark = mode === "dark" || (mode === "system" && darkQuery().matches);
  document.documentElement.classList.toggle("dark", dark);
  document.documentElement.style.colorScheme = dark ? "dark" : "light";
  // index.html picks the title bar's colour by the device's scheme; a mode chosen here wins.
  for (const meta of document.querySelectorAll<HTMLMetaElement>('meta[name="theme-color"]')) meta.content = THEME_COLORS[dark ? "dark" : "light"];
}

export function setColorMode(mode: ColorMode): void {
  storage.set(KEY, mode);
  useColorMode.setState({ mode });
  apply(mode);
}

/** Applies the stored mode and follows device changes while the mode is system. */
export function startColorMode(): () => void {
  apply(useColorMode.getState().mode);
  const query = darkQuery();
  const onChange = () => apply(useColorMode.getState().mode);
  query.addEventListener("change", onChange);
  return () => query.removeEventListener("change", onChange);
}
