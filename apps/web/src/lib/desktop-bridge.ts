import type { DesktopBridge } from "@tidings/contracts";

/** The desktop shell's bridge (`window.tidings`, packages/contracts' DesktopBridge), or null in a browser. */
function readBridge(): DesktopBridge | null {
  if (typeof window === "undefined") return null;
  const candidate = (window as { tidings?: Partial<DesktopBridge> }).tidings;
  return candidate && typeof candidate.invoke === "function" && typeof candidate.on === "function" ? (candidate as DesktopBridge) : null;
}

export const desktopBridge: DesktopBridge | null = readBridge();
